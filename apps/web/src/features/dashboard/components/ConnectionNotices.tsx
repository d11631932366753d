import { Link } from 'react-router-dom';
import { pathFor } from '../../../config/routes';
import { Banner } from '../../../components/Banner';
import { buttonClass } from '../../../components/Button';
import { useConnectionNotices } from '../api/notifications';
import styles from './ConnectionNotices.module.css';

/** One red banner per broken social connection; nothing while loading or if the check itself fails. */
export function ConnectionNotices() {
  const notices = useConnectionNotices().data;
  const problems = notices ? [notices.gmb_connect, notices.fb_connect].filter((n) => n !== null) : [];
  if (!problems.length) return null;

  return (
    <div className={styles.list}>
      {problems.map((problem) => (
        <Banner
          key={problem.error_type}
          tone="danger"
          actions={
            <>
              <a href={problem.learn_more_url} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost', 'sm')}>
                Learn more
              </a>
              <Link to={pathFor('settings-general-connect-social-media')} className={buttonClass('danger', 'sm')}>
                Go to settings
              </Link>
            </>
          }
        >
          {problem.message}
        </Banner>
      ))}
    </div>
  );
}
