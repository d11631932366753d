import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { RouteTabs } from './RouteTabs';

const TABS = [
  { label: 'Dispatch', to: '/operate/dispatch' },
  { label: 'Quick Actions', to: '/operate/quick-actions' },
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <RouteTabs label="Operate" tabs={TABS} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('RouteTabs', () => {
  test('is a named navigation whose current tab has aria-current="page"', () => {
    renderAt('/operate/quick-actions');
    const nav = screen.getByRole('navigation', { name: 'Operate' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quick Actions' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dispatch' }).getAttribute('aria-current')).toBeNull();
  });

  test('only an exact address marks a tab current', () => {
    renderAt('/operate/dispatch/extra');
    expect(screen.getAllByRole('link').filter((l) => l.getAttribute('aria-current'))).toHaveLength(0);
  });

  test('a section tab is current on every address under its section', () => {
    render(
      <MemoryRouter initialEntries={['/analyze/reviews/social-reviews']}>
        <RouteTabs
          label="Analyze"
          tabs={[
            { label: 'Overview', to: '/analyze/overview' },
            { label: 'Reviews', to: '/analyze/reviews/customer-reviews', section: '/analyze/reviews' },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Reviews' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
  });

  test('is reached with Tab and opened with Enter', async () => {
    renderAt('/operate/dispatch');
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Dispatch' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Quick Actions' }));
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/operate/quick-actions');
    expect(screen.getByRole('link', { name: 'Quick Actions' }).getAttribute('aria-current')).toBe('page');
  });
});
