import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './Card.module.css';

interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** A heading in the card's header; the card becomes a labelled region. */
  title?: ReactNode;
  /** Controls on the right of the header (a "View all" link, a menu). */
  actions?: ReactNode;
  description?: ReactNode;
  /** No inner padding: for tables and lists that run edge to edge. */
  flush?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** The white card every screen is built from. */
export function Card({
  title,
  actions,
  description,
  flush,
  headingLevel: Heading = 'h2',
  className,
  children,
  ...rest
}: CardProps) {
  return (
    <section className={cx(styles.card, className)} {...rest}>
      {(title || actions) && (
        <header className={styles.header}>
          <div className={styles.heading}>
            {title && <Heading className={styles.title}>{title}</Heading>}
            {description && <p className={styles.description}>{description}</p>}
          </div>
          {actions && <div className={styles.actions}>{actions}</div>}
        </header>
      )}
      <div className={cx(styles.body, flush && styles.flush)}>{children}</div>
    </section>
  );
}
