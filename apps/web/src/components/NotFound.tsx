import { MSG } from '@kudo/shared';
import { Link } from 'react-router-dom';
import { buttonClass } from './Button';
import { Logo } from './Logo';
import styles from './NotFound.module.css';

/** The 404 screen; `framed` when it sits inside the app's frame instead of standing alone. */
export function NotFound({ framed = false, homePath = '/' }: { framed?: boolean; homePath?: string }) {
  return (
    <main className={framed ? styles.framed : styles.standalone}>
      <div className={styles.box}>
        {!framed && <Logo size="lg" />}
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.message}>{MSG.notFound}</h1>
        <Link to={homePath} className={buttonClass('primary')}>
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
