import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { CARD_COMM_TYPES, CARD_DEFAULT_TEMPLATES, renderCardTemplate, saveSettingsBody, unknownCardPlaceholder } from './card.js';

describe('contact-card templates', () => {
  it('has one default per commType, each within the limit and with known placeholders only', () => {
    expect(CARD_DEFAULT_TEMPLATES.map((t) => t.commType)).toEqual([...CARD_COMM_TYPES]);
    for (const t of CARD_DEFAULT_TEMPLATES) {
      expect(t.smsBody.length).toBeLessThanOrEqual(320);
      expect(unknownCardPlaceholder(t.smsBody)).toBeNull();
      expect(t.smsBody).toContain('{card_link}');
    }
  });

  it('finds the first unknown placeholder', () => {
    expect(unknownCardPlaceholder('Hi {customer_name}, {first_name} {x}')).toBe('{first_name}');
    expect(unknownCardPlaceholder('Hi {Customer}')).toBeNull();
  });

  it('fills known placeholders and leaves other braces alone', () => {
    expect(renderCardTemplate('Hi {customer_name} {phone}{nope}', { customer_name: 'Alex' })).toBe('Hi Alex {nope}');
  });
});

describe('contact-card save payload', () => {
  it('normalises phones, emails and comma-joined search terms', () => {
    const parsed = saveSettingsBody.parse({
      primaryPhoneNumber: '(512) 555-0100',
      phoneNumbers: ['512-555-0101', '5125550101'],
      emails: [' A@B.test '],
      searchTerms: ' plumber ,, drains ',
    });
    expect(parsed).toMatchObject({
      primaryPhoneNumber: '5125550100',
      smsPhoneNumber: '',
      phoneNumbers: ['5125550101'],
      emails: ['a@b.test'],
      searchTerms: ['plumber', 'drains'],
      companyName: null,
      companyLogo: null,
      enabled: false,
      delayTime: 1800,
      note: '',
    });
  });

  it('answers the spec’s messages', () => {
    const issue = (body: unknown) => saveSettingsBody.safeParse(body).error?.issues[0]?.message;
    expect(issue({ primaryPhoneNumber: '512555010' })).toBe(MSG.cardValidNumber);
    expect(issue({ emails: ['x'] })).toBe(MSG.validEmail);
    expect(issue({ delayTime: 60 })).toBe(MSG.cardDelayInvalid);
  });
});
