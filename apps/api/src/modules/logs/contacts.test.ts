import { describe, expect, it } from 'vitest';
import { contactOf, maskEmail, maskPhone } from './contacts.js';

describe('log contacts', () => {
  it('masks a phone number down to its last four digits', () => {
    expect(maskPhone('+15125550100')).toBe('(***) ***-0100');
    expect(maskPhone('12')).toBe('***');
  });

  it('masks an email address down to its first character and domain', () => {
    expect(maskEmail('jane@example.com')).toBe('j***@example.com');
    expect(maskEmail('@example.com')).toBe('***');
    expect(maskEmail('nobody')).toBe('***');
  });

  it('shows a contact in full or masked', () => {
    expect(contactOf('+15125550100', true)).toBe('(512) 555-0100');
    expect(contactOf('+15125550100', false)).toBe('(***) ***-0100');
    expect(contactOf('jane@example.com', true)).toBe('jane@example.com');
    expect(contactOf('jane@example.com', false)).toBe('j***@example.com');
  });
});
