import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { ChoiceFieldset } from './ChoiceFieldset';
import { CopyField } from './CopyField';

const CHOICES = [
  { value: 'reviews:read', label: 'Read reviews', description: 'Read the reviews.' },
  { value: 'webhooks:manage', label: 'Manage webhooks', description: 'Subscribe to events.' },
] as const;

function Harness({ error }: { error?: string }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <ChoiceFieldset legend="Scopes" idPrefix="scope" choices={CHOICES} selected={selected} onChange={setSelected} error={error} />
      <output aria-label="chosen">{selected.join(' ')}</output>
    </>
  );
}

describe('ChoiceFieldset', () => {
  test('each choice is a labelled checkbox described by its line; checking and unchecking says what is chosen', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const read = screen.getByRole('checkbox', { name: 'Read reviews reviews:read' });
    expect(read.getAttribute('aria-describedby')).toBe('scope-reviews-read-hint');
    expect(document.getElementById('scope-reviews-read-hint')?.textContent).toBe('Read the reviews.');
    await user.click(screen.getByRole('checkbox', { name: 'Manage webhooks webhooks:manage' }));
    await user.click(read);
    expect(screen.getByLabelText('chosen').textContent).toBe('webhooks:manage reviews:read');
    await user.click(screen.getByRole('checkbox', { name: 'Manage webhooks webhooks:manage' }));
    expect(screen.getByLabelText('chosen').textContent).toBe('reviews:read');
    expect(screen.getByRole('group', { name: 'Scopes' }).hasAttribute('aria-describedby')).toBe(false);
  });

  test('an error is shown under the choices and describes the group', () => {
    render(<Harness error="Choose at least one scope." />);
    const group = screen.getByRole('group', { name: 'Scopes' });
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toBe('Choose at least one scope.');
  });
});

describe('CopyField', () => {
  test('copies its value and says so; a refusal says how to copy by hand', async () => {
    const user = userEvent.setup();
    render(<CopyField label="Signing secret" value="whsec_abc" noun="secret" />);
    expect((screen.getByLabelText('Signing secret') as HTMLInputElement).readOnly).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('status').textContent).toBe('Copied to the clipboard.');
    expect(await navigator.clipboard.readText()).toBe('whsec_abc');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('status').textContent).toBe('Copying was refused by the browser: select the secret and copy it.');
  });
});
