import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactElement, ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './DropdownMenu.module.css';
import { ChevronRightIcon } from './icons';

interface DropdownProps {
  /** The button that opens the menu; rendered as is (Radix adds the menu button semantics). */
  trigger: ReactElement;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  /** Names the menu for screen readers when the trigger's text is not enough. */
  label?: string;
}

/** A menu button on Radix: arrow keys move, Enter selects, Escape closes and refocuses the trigger. */
export function Dropdown({ trigger, children, align = 'start', label }: DropdownProps) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={styles.content} align={align} sideOffset={6} aria-label={label}>
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

interface DropdownItemProps {
  children: ReactNode;
  onSelect?: () => void;
  /** Render the child element (a link) as the item instead of a plain row. */
  asChild?: boolean;
  disabled?: boolean;
  tone?: 'default' | 'danger';
}

export function DropdownItem({ children, onSelect, asChild, disabled, tone = 'default' }: DropdownItemProps) {
  return (
    <Menu.Item
      className={cx(styles.item, tone === 'danger' && styles.danger)}
      onSelect={onSelect}
      asChild={asChild}
      disabled={disabled}
    >
      {children}
    </Menu.Item>
  );
}

export function DropdownSub({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Menu.Sub>
      <Menu.SubTrigger className={cx(styles.item, styles.subTrigger)}>
        {label}
        <ChevronRightIcon className={styles.subArrow} />
      </Menu.SubTrigger>
      <Menu.Portal>
        <Menu.SubContent className={styles.content} sideOffset={4} alignOffset={-4}>
          {children}
        </Menu.SubContent>
      </Menu.Portal>
    </Menu.Sub>
  );
}

export const DropdownSeparator = () => <Menu.Separator className={styles.separator} />;

export const DropdownLabel = ({ children }: { children: ReactNode }) => (
  <Menu.Label className={styles.label}>{children}</Menu.Label>
);
