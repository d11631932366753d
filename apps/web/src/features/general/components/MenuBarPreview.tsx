import { readableTextOn } from '../../../lib/contrast';
import styles from './Branding.module.css';

const SAMPLE = ['Dashboard', 'Operate', 'Message', 'Analyze', 'Settings'];

/** A small copy of the menu bar in the chosen colour, with the logo: what the team will see. */
export function MenuBarPreview({ color, logo, labelledBy }: { color: string; logo: string | null; labelledBy: string }) {
  const text = readableTextOn(color);
  return (
    <div className={styles.preview} style={{ background: color, color: text }} role="img" aria-labelledby={labelledBy} data-testid="menu-preview">
      {logo ? <img src={logo} alt="" className={styles.previewLogo} /> : <span className={styles.previewNoLogo}>Your logo</span>}
      <span className={styles.previewItems} aria-hidden="true">
        {SAMPLE.map((item, i) => (
          <span key={item} className={i === 0 ? styles.previewActive : undefined}>
            {item}
          </span>
        ))}
      </span>
    </div>
  );
}
