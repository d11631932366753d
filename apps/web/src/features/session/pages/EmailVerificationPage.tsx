import { MSG } from '@kudo/shared';
import { useParams } from 'react-router-dom';
import { CheckIcon } from '../../../components/icons';
import { NotFound } from '../../../components/NotFound';
import { LoadingState } from '../../../components/States';
import { useVerifyEmail } from '../api/verification';
import { AuthFrame } from '../components/AuthFrame';
import styles from '../components/AuthForm.module.css';

export default function EmailVerificationPage() {
  const { verificationType = '', accountId = '', transactionId = '' } = useParams();
  const verification = useVerifyEmail({ verificationType, accountId, transactionId });

  if (verification.isPending) return <LoadingState fullPage label="Verifying your email…" />;
  if (verification.isError) return <NotFound />;

  const [headline, detail] = MSG.emailVerified.split(' - ');
  return (
    <AuthFrame logoLinksHome>
      <div className={styles.result} role="status">
        <span className={styles.resultIcon}>
          <CheckIcon size={26} />
        </span>
        <h1 className={styles.title}>
          {headline}
          <span className="visually-hidden"> - </span>
        </h1>
        <p className={styles.resultText}>{detail}</p>
      </div>
    </AuthFrame>
  );
}
