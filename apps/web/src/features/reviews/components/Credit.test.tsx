import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { CreditChips, type CreditActions } from './CreditChips';
import { GiveCredit } from './GiveCredit';
import { reportErrors } from './ReportModal';

const actions = (): CreditActions => ({ confirm: vi.fn(), remove: vi.fn(), busy: false });
const campaign = (uid: string, name: string) => ({ campaign_uid: uid, name });

describe('CreditChips', () => {
  test('a suggestion waits for Confirm? or Remove, which removes every method that suggested it', async () => {
    const user = userEvent.setup();
    const a = actions();
    render(
      <CreditChips
        attribution={[{ campaign: campaign('u1', 'Marcus Lee'), methods: [{ attribution_method: 'mentions' }, { attribution_method: 'matching' }] }]}
        actions={a}
      />,
    );
    expect(screen.getByText(/suggested: named in the review; a customer of theirs with this name/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm credit for Marcus Lee?' }));
    expect(a.confirm).toHaveBeenCalledWith('u1');
    await user.click(screen.getByRole('button', { name: 'Remove suggestion Marcus Lee' }));
    expect(a.remove).toHaveBeenCalledWith('u1', ['mentions', 'matching']);
  });

  test('a confirmed credit asks "Credits {campaign}. Remove Credit?" before it goes', async () => {
    const user = userEvent.setup();
    const a = actions();
    render(<CreditChips attribution={[{ campaign: campaign('u2', 'Tasha Williams'), methods: [{ attribution_method: 'human' }, { attribution_method: 'mentions' }] }]} actions={a} />);
    await user.click(screen.getByRole('button', { name: 'Tasha Williams, credited. Change' }));
    expect(screen.getByText('Credits Tasha Williams. Remove Credit?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(a.remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Tasha Williams, credited. Change' }));
    await user.click(screen.getByRole('button', { name: 'Remove Credit' }));
    expect(a.remove).toHaveBeenCalledWith('u2', ['human']);
  });
});

describe('GiveCredit', () => {
  const campaigns = [
    { uid: 'a', name: 'James Carter' },
    { uid: 'b', name: 'Priya Patel' },
    { uid: 'c', name: 'Marcus Lee' },
  ];

  test('lists the campaigns not credited yet, narrowed by the search, and gives the picked one credit', async () => {
    const user = userEvent.setup();
    const onGive = vi.fn();
    render(<GiveCredit campaigns={campaigns} credited={new Set(['c'])} additional busy={false} onGive={onGive} reviewLabel="by Ann B." />);
    await user.click(screen.getByRole('button', { name: 'Give Additional Credit for the review by Ann B.' }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['James Carter', 'Priya Patel']);
    await user.type(screen.getByRole('searchbox', { name: 'Search Campaigns' }), 'pri');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Priya Patel']);
    await user.type(screen.getByRole('searchbox', { name: 'Search Campaigns' }), 'zz');
    expect(screen.getByText('no campaigns available')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Search Campaigns' }));
    await user.click(screen.getByRole('button', { name: 'James Carter' }));
    expect(onGive).toHaveBeenCalledWith('a');
  });
});

describe('reportErrors', () => {
  test('needs both dates and one to three recipients', () => {
    expect(reportErrors({ fromDate: '', toDate: '', emails: [] })).toEqual({
      fromDate: 'Please provide a valid from date',
      toDate: 'Please provide a valid to date',
      emails: 'Please provide at least one recipient',
    });
    expect(reportErrors({ fromDate: '2026-10-01', toDate: '2026-10-31', emails: ['a@b.co', 'c@d.co', 'e@f.co', 'g@h.co'] })).toEqual({ emails: 'Maximum recipients exceeded' });
    expect(reportErrors({ fromDate: '2026-10-01', toDate: '2026-10-31', emails: ['a@b.co'] })).toEqual({});
  });
});
