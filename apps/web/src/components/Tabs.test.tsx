import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { Tabs } from './Tabs';

function Example() {
  const [tab, setTab] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs
      label="Campaign"
      value={tab}
      onChange={setTab}
      tabs={[
        { key: 'a', label: 'Alpha' },
        { key: 'b', label: 'Beta', invalid: true },
        { key: 'c', label: 'Gamma' },
      ]}
    >
      <p>Panel {tab}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  test('only the selected tab is in the tab order and its panel is labelled by it', () => {
    render(<Example />);
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    expect(alpha.getAttribute('aria-selected')).toBe('true');
    expect(alpha.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: /Beta/ }).tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'Alpha' }).textContent).toBe('Panel a');
  });

  test('arrow keys, Home and End move the selection and the focus, wrapping around', async () => {
    render(<Example />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Gamma' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel c');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel a');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel c');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Alpha' }));
  });

  test('a tab with a problem says so', () => {
    render(<Example />);
    expect(screen.getByRole('tab', { name: 'Beta has a problem' })).toBeTruthy();
  });
});
