import { Link } from 'react-router-dom';
import { pathFor } from '../../../config/routes';
import { buttonClass } from '../../../components/Button';
import { AlertIcon, CheckIcon } from '../../../components/icons';
import styles from './AuthForm.module.css';

/** The way back to the login page that every account flow ends with; a button where it is the only way on. */
export function BackToLogin({ button }: { button?: 'primary' | 'secondary' }) {
  return (
    <Link to={pathFor('login')} className={button ? buttonClass(button) : undefined}>
      Back to Login
    </Link>
  );
}

/** The end of an account flow: a tick or a warning, what happened, and the way back to login. */
export function AuthOutcome({ ok, message, button = ok ? 'primary' : 'secondary' }: { ok: boolean; message: string; button?: 'primary' | 'secondary' }) {
  return (
    <div className={styles.result} role={ok ? 'status' : 'alert'}>
      <span className={ok ? styles.resultIcon : `${styles.resultIcon} ${styles.resultIconError}`}>
        {ok ? <CheckIcon size={26} /> : <AlertIcon size={24} />}
      </span>
      <p className={styles.resultText}>{message}</p>
      <BackToLogin button={button} />
    </div>
  );
}
