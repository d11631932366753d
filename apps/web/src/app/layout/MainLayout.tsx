import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { useCurrentSession } from '../../lib/session/hooks';
import { pathFor, ROUTES, type RouteDef, type RouteName } from '../../config/routes';
import { AccountMenu } from './AccountMenu';
import { AnalyzeNav } from './AnalyzeNav';
import { Footer } from './Footer';
import { LocationBlock } from './LocationBlock';
import styles from './MainLayout.module.css';
import { MenuBar } from './MenuBar';
import { PaymentBanner } from './PaymentBanner';
import { TenDlcBanner } from './TenDlcBanner';
import { TrialBanner } from './TrialBanner';

/**
 * The frame of every signed-in screen: delivery banner, header with location and account, the menu
 * bar, the screen, the footer. Screens that need no location (profile, dev outbox) still get the frame;
 * without a location it simply has no menu.
 */
export function MainLayout({ routeName, children }: { routeName: RouteName; children: ReactNode }) {
  const session = useCurrentSession();
  const def: RouteDef = ROUTES[routeName];

  return (
    <div className={styles.app}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      {session && <TenDlcBanner location={session.location} subject={session.subject} />}
      <header className={styles.header}>
        <div className={styles.topBar}>
          <Link to={pathFor('dashboard')} className={styles.logo}>
            <Logo destination="dashboard" />
          </Link>
          {session && <LocationBlock current={session.location} />}
          <div className={styles.spacer} />
          <AccountMenu subject={session?.subject ?? null} />
        </div>
        {session && <MenuBar subject={session.subject} locationId={session.location.location_id} />}
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {session && def.trialBanner && session.location.free_trial && (
          <TrialBanner location={session.location} className={styles.trialBanner} />
        )}
        {session && def.trialBanner && (
          <PaymentBanner locationId={session.location.location_id} subject={session.subject} className={styles.trialBanner} />
        )}
        {session && <AnalyzeNav routeName={routeName} subject={session.subject} />}
        {children}
      </main>
      <Footer />
    </div>
  );
}
