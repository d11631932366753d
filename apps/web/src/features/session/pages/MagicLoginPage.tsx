import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { pathFor } from '../../../config/routes';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/forms';
import { useLogout } from '../../../lib/session/hooks';
import { useMagicLogin } from '../api/auth';
import { AuthFrame } from '../components/AuthFrame';
import styles from '../components/AuthForm.module.css';

/** Support staff open an account as its owner; any failure ends the session and shows why on login. */
export default function MagicLoginPage() {
  const { accountId = '' } = useParams();
  const magicLogin = useMagicLogin();
  const logout = useLogout();
  const navigate = useNavigate();
  // The sign-in changes the server session, so it must run once even when effects run twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!/^\d+$/.test(accountId)) {
      void logout();
      return;
    }
    magicLogin.mutate(accountId, {
      onSuccess: () => navigate(pathFor('dashboard'), { replace: true }),
      onError: (error) => void logout(errorMessage(error)),
    });
  }, [accountId, magicLogin, logout, navigate]);

  return (
    <AuthFrame>
      <div className={styles.center} role="status">
        <Spinner size="lg" label={null} />
        <p className={styles.resultText}>Magic Login...</p>
      </div>
    </AuthFrame>
  );
}
