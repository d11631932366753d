import { DEFAULT_BACKEND_VERSION, PRODUCT } from '@kudo/shared';
import { EXTERNAL_LINKS } from '../../config/links';
import { useBackendVersion } from '../../lib/session/hooks';
import styles from './Footer.module.css';

export function Footer() {
  const backendVersion = useBackendVersion(DEFAULT_BACKEND_VERSION);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>
          © {new Date().getFullYear()} {PRODUCT.name}
        </p>
        <p className={styles.versions}>
          <span>Web v{__WEB_VERSION__}</span>
          <span>API v{backendVersion}</span>
        </p>
        <nav aria-label="Legal" className={styles.links}>
          <a href={EXTERNAL_LINKS.privacyPolicy} target="_blank" rel="noopener noreferrer">
            Privacy Policy
          </a>
          <a href={EXTERNAL_LINKS.terms} target="_blank" rel="noopener noreferrer">
            Terms
          </a>
        </nav>
      </div>
    </footer>
  );
}
