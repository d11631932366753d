import { describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import type { AppError } from '../../lib/errors.js';
import { twilioFailureReason } from '../../providers/sms/errors.js';
import { contactChannels } from './messaging.js';
import { newPhoneCode } from './service.js';

describe('newPhoneCode', () => {
  it('is always six digits, leading zeros kept', () => {
    const codes = Array.from({ length: 2000 }, newPhoneCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
  });
});

describe('contactChannels', () => {
  const failure = (input: { email: string; phone_number: string }) => {
    try {
      contactChannels(input);
    } catch (e) {
      return (e as AppError).message;
    }
    return null;
  };

  it('keeps a valid email and/or phone, normalized', () => {
    expect(contactChannels({ email: ' Ann@Example.COM ', phone_number: '' })).toEqual({ email: 'ann@example.com', phoneNumber: '' });
    expect(contactChannels({ email: '', phone_number: '512.555.0100' })).toEqual({ email: '', phoneNumber: '+15125550100' });
  });

  it('needs one valid channel, and refuses a typed one that is not valid', () => {
    expect(failure({ email: '', phone_number: '' })).toBe(MSG.escalationNoContact);
    expect(failure({ email: 'nope', phone_number: '12' })).toBe(MSG.escalationNoContact);
    expect(failure({ email: 'nope', phone_number: '5125550100' })).toBe(MSG.validEmail);
    expect(failure({ email: 'a@example.com', phone_number: '12' })).toBe(MSG.validPhone);
  });
});

describe('twilioFailureReason', () => {
  it('maps Twilio codes to the product’s reasons', () => {
    expect(twilioFailureReason(21610, 400)).toBe('opted_out');
    expect(twilioFailureReason(21211, 400)).toBe('unreachable');
    expect(twilioFailureReason(21614, 400)).toBe('unreachable');
    expect(twilioFailureReason(20003, 401)).toBe('rejected');
    expect(twilioFailureReason(undefined, 503)).toBe('unavailable');
    expect(twilioFailureReason(undefined, undefined)).toBe('unavailable');
  });
});
