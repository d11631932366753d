import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pathFor } from '../../../config/routes';
import { Logo } from '../../../components/Logo';
import { cx } from '../../../lib/cx';
import styles from './AuthFrame.module.css';

const SCHEMES = ['blue', 'orange', 'green'] as const;
type Scheme = (typeof SCHEMES)[number];

const pickScheme = (): Scheme => SCHEMES[Math.floor(Math.random() * SCHEMES.length)] ?? 'blue';

interface AuthFrameProps {
  children: ReactNode;
  /** Login and recovery pick one of three colour pairs at random on each visit. */
  randomBackground?: boolean;
  width?: 'narrow' | 'wide';
  /** The logo leads to the dashboard (the guard sends strangers on to login). */
  logoLinksHome?: boolean;
}

/** The standalone frame of the sign-in screens: a white card on a coloured backdrop. */
export function AuthFrame({ children, randomBackground = false, width = 'narrow', logoLinksHome = false }: AuthFrameProps) {
  const [scheme] = useState<Scheme | 'plain'>(() => (randomBackground ? pickScheme() : 'plain'));
  return (
    <div className={cx(styles.frame, styles[scheme])}>
      <main className={cx(styles.card, styles[width])}>
        <div className={styles.logo}>
          {logoLinksHome ? (
            <Link to={pathFor('dashboard')}>
              <Logo size="lg" destination="dashboard" />
            </Link>
          ) : (
            <Logo size="lg" />
          )}
        </div>
        {children}
      </main>
    </div>
  );
}
