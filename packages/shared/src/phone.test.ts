import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { formatPhone, formatPhoneTyping, formatPhoneWithCountry, parsePhone, phoneAddress, toE164, typedPhoneDigits } from './phone.js';
import { phoneSchema } from './validators.js';

describe('parsePhone / toE164 / formatPhone', () => {
  // [typed, ten digits (null: refused)]
  it.each<[string, string | null]>([
    ['5125550100', '5125550100'],
    ['(512) 555-0100', '5125550100'],
    ['512.555.0100', '5125550100'],
    ['  512 555 0100  ', '5125550100'],
    ['15125550100', '5125550100'],
    ['1-512-555-0100', '5125550100'],
    ['1 (512) 555-0100', '5125550100'],
    ['+15125550100', '5125550100'],
    ['+1 (512) 555-0100', '5125550100'],
    // too few or too many digits
    ['', null],
    ['+', null],
    ['555-0100', null],
    ['512555010', null],
    ['25125550100', null],
    ['151255501001', null],
    ['15125550100123', null],
    // no area code starts with 0 or 1
    ['0125550100', null],
    ['1125550100', null],
    ['11125550100', null],
    // letters and other characters are refused, not stripped
    ['512-555-0100 ext 2', null],
    ['1-800-FLOWERS', null],
    ['512/555/0100', null],
    ['512-555-0100+', null],
    // a + number must be +1: other countries' numbers are refused
    ['+5125550100', null],
    ['+44 20 7946 0958', null],
    ['+52 55 1234 5678', null],
  ])('%j → %j', (typed, ten) => {
    expect(parsePhone(typed)).toBe(ten);
    expect(toE164(typed)).toBe(ten === null ? null : `+1${ten}`);
    expect(formatPhone(typed)).toBe(ten === null ? typed : `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`);
  });

  it('formats every stored form the same way', () => {
    for (const stored of ['5125550100', '15125550100', '+15125550100']) expect(formatPhone(stored)).toBe('(512) 555-0100');
  });
});

describe('formatPhoneWithCountry', () => {
  it('writes any accepted form with the country code and leaves anything else as it was', () => {
    for (const stored of ['5125550100', '(512) 555-0100', '+15125550100']) expect(formatPhoneWithCountry(stored)).toBe('+1 (512) 555-0100');
    expect(formatPhoneWithCountry('')).toBe('');
    expect(formatPhoneWithCountry('555-12')).toBe('555-12');
  });
});

describe('formatPhoneTyping', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['512', '512'],
    ['5125', '(512) 5'],
    ['51255', '(512) 55'],
    ['512555', '(512) 555'],
    ['5125550', '(512) 555-0'],
    ['5125550100', '(512) 555-0100'],
    ['(512) 555-01009', '(512) 555-0100'],
    ['abc', ''],
    ['1', ''],
    ['+1 512', '512'],
    ['15125550100', '(512) 555-0100'],
  ])('%j shows %j', (typed, shown) => expect(formatPhoneTyping(typed)).toBe(shown));

  it('keeps what it shows readable again', () => {
    expect(typedPhoneDigits(formatPhoneTyping('+1 (512) 555-0100'))).toBe('5125550100');
  });
});

describe('phoneAddress', () => {
  it.each([
    ['+15125550100', '+15125550100'],
    ['(512) 555-0100', '+15125550100'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+447946000000', '+447946000000'],
    ['22395', '22395'],
  ])('%j is kept as %j', (from, key) => expect(phoneAddress(from)).toBe(key));
});

describe('phoneSchema', () => {
  it('answers the digits, or E.164, with the field message', () => {
    expect(phoneSchema().parse('(512) 555-0100')).toBe('5125550100');
    expect(phoneSchema(MSG.validPhone, { e164: true }).parse('512.555.0100')).toBe('+15125550100');
    expect(phoneSchema(MSG.cardValidNumber).safeParse('555-0100').error?.issues[0]?.message).toBe(MSG.cardValidNumber);
    expect(phoneSchema().safeParse('').success).toBe(false);
    expect(phoneSchema().safeParse('5'.repeat(41)).error?.issues[0]?.message).toBe(MSG.validPhone);
  });
  it('lets an optional field be cleared', () => {
    expect(phoneSchema(MSG.validPhone, { optional: true }).parse('  ')).toBe('');
    expect(phoneSchema(MSG.validPhone, { optional: true }).safeParse('12').success).toBe(false);
  });
});
