import { describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { cleanText, dispatchNotice } from './dispatchResult';

const result = (p: 0 | 1 | null, e: 0 | 1 | null, status: 0 | 1 = p === 1 || e === 1 ? 1 : 0) => ({
  status,
  phone_status: p,
  phone_message: p === 0 ? MSG.lookupOptedOut : p === 1 ? MSG.dispatchSmsSent : null,
  email_status: e,
  email_message: e === 0 ? MSG.emailUnsubscribed : e === 1 ? MSG.dispatchEmailSent : null,
  pcheck_count: null,
});

describe('dispatchNotice', () => {
  it('says success when every attempted part went', () => {
    expect(dispatchNotice('pcheck', result(1, 1))).toEqual({ tone: 'success', title: MSG.dispatchPcheckSent, lines: [MSG.dispatchSmsSent, MSG.dispatchEmailSent] });
    expect(dispatchNotice('bio', result(1, null))).toEqual({ tone: 'success', title: MSG.dispatchBioSent, lines: [MSG.dispatchSmsSent] });
  });
  it('warns when one part failed and fails when none went', () => {
    expect(dispatchNotice('pcheck', result(0, 1))).toEqual({ tone: 'info', title: MSG.dispatchWarning, lines: [`SMS ${MSG.lookupOptedOut}`, MSG.dispatchEmailSent] });
    expect(dispatchNotice('bio', result(0, 0)).title).toBe(MSG.dispatchFailed);
  });
});

describe('input filters', () => {
  it('drops special characters', () => {
    expect(cleanText('Pat <script>Jones</script>')).toBe('Pat scriptJones/script');
    expect(cleanText("O'Brien, 12 Main St #4")).toBe("O'Brien, 12 Main St #4");
  });
});
