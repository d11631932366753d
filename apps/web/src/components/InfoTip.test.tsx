import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { InfoTip } from './InfoTip';

describe('InfoTip', () => {
  test('is a named button described by its text', () => {
    render(<InfoTip label="pulseCheck Participant Count" text="Number of pulseChecks submitted" />);
    const button = screen.getByRole('button', { name: 'About pulseCheck Participant Count' });
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip', { hidden: true }).id);
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe('Number of pulseChecks submitted');
  });

  test('Escape hides the text until focus leaves', async () => {
    render(<InfoTip label="Kudo Index" text="Average rating" />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('tooltip', { hidden: true }).hasAttribute('data-hidden')).toBe(true);
    await user.tab();
    expect(screen.getByRole('tooltip', { hidden: true }).hasAttribute('data-hidden')).toBe(false);
  });
});
