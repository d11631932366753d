import { useId, useState } from 'react';
import { InfoIcon } from './icons';
import styles from './InfoTip.module.css';

/**
 * An ⓘ button that explains the thing beside it: the text shows on hover and focus (Escape hides it) and
 * describes the button for screen readers.
 */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [hidden, setHidden] = useState(false);
  return (
    <span className={styles.wrap} onMouseLeave={() => setHidden(false)}>
      <button
        type="button"
        className={styles.button}
        aria-label={`About ${label}`}
        aria-describedby={id}
        onBlur={() => setHidden(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setHidden(true);
        }}
      >
        <InfoIcon size={14} />
      </button>
      <span id={id} role="tooltip" className={styles.tip} data-hidden={hidden || undefined}>
        {text}
      </span>
    </span>
  );
}
