import type { ReactNode } from 'react';
import { Logo } from '../../../components/Logo';
import styles from './Onboarding.module.css';

/** The frame of every onboarding and trial wizard step: the logo, where the user is, the step itself. */
export function OnboardingFrame({ title, position, children }: { title: string; position?: string; children: ReactNode }) {
  return (
    <main className={styles.frame}>
      <div className={styles.card}>
        <div className={styles.top}>
          <Logo />
          {position && <p className={styles.steps}>{position}</p>}
        </div>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
    </main>
  );
}
