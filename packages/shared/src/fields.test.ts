import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, findUnstorableText, isStorableText } from './fields.js';
import { isHttpsUrl, isHttpUrl } from './validators.js';
import { MSG } from './messages.js';
import { normalizeWebsite } from './endpoints/general.js';
import { editDefaultTemplates } from './endpoints/campaigns.js';

describe('field labels', () => {
  it('reads snake_case and camelCase keys as words, spelling out abbreviations', () => {
    expect(fieldLabel(['customer_phone'])).toBe('Customer phone');
    expect(fieldLabel(['contact', 'phoneNumber'])).toBe('Phone number');
    expect(fieldLabel(['campaign_uid'])).toBe('Campaign ID');
    expect(fieldLabel(['pcheck_sms_template'])).toBe('pulseCheck SMS template');
  });
  it('names generic keys with their parent, and items by their position', () => {
    expect(fieldLabel(['firstReply', 'text'])).toBe('First reply text');
    expect(fieldLabel(['name', 'first'])).toBe('First name');
    expect(fieldLabel(['social_media_url', 'url'])).toBe('Social media URL');
    expect(fieldLabel(['phoneNumbers', 2])).toBe('Item 3 of phone numbers');
    expect(fieldLabel([])).toBe('The request');
  });
});

describe('messages of schemas without their own', () => {
  const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message);
  it('say which field is wrong and why', () => {
    const schema = z.object({ phone_number: z.string(), name: z.string().min(1), kind: z.enum(['a', 'b']), count: z.number().max(3) });
    expect(messages(schema, { phone_number: true, name: '', kind: 'c', count: 9 })).toEqual([
      'Phone number must be text',
      'Name is required',
      'Kind must be one of a or b',
      'Count must be at most 3',
    ]);
    expect(messages(schema, 'x')).toEqual(['The request must be a JSON object of fields']);
    expect(messages(z.union([z.boolean(), z.literal(1)]), 'x')).toEqual(['The request must be one of true or false or 1']);
  });
  it('keep the message a schema gives', () => {
    expect(messages(z.string({ error: MSG.validPhone }), 1)).toEqual([MSG.validPhone]);
  });
});

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps emoji and right-to-left text', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\uD800')).toBe(false);
    expect(isStorableText('x\uDC00')).toBe(false);
    expect(isStorableText('👍🏽 \u202Eשלום')).toBe(true);
  });
  it('finds the first bad string of a request, keys included, however deep', () => {
    expect(findUnstorableText({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findUnstorableText({ ['k\u0000']: 1 })).toEqual([]);
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toHaveLength(20_000);
    expect(findUnstorableText({ a: 'fine', n: 1, z: null })).toBeNull();
  });
});

describe('web addresses', () => {
  it('accepts http(s) addresses with a domain name or localhost', () => {
    for (const ok of ['https://example.com', 'http://localhost:3000/x', 'https://g.page/r/demo/review?x=1', 'https://xn--bcher-kva.example/'])
      expect(isHttpUrl(ok)).toBe(true);
  });
  it('refuses paths, other schemes, credentials, spaces and hosts that are not names', () => {
    for (const bad of ['../../../../etc/passwd', 'https://../../etc/passwd', 'javascript:alert(1)', 'file:///etc/passwd', 'ftp://example.com', 'https://user:pw@example.com', 'https://exa mple.com', 'https://example', `https://example.com/${'x'.repeat(2048)}`])
      expect(isHttpUrl(bad)).toBe(false);
    expect(isHttpsUrl('http://example.com')).toBe(false);
    expect(isHttpsUrl('https://example.com/a.png')).toBe(true);
  });
  it('gives a typed website its scheme, and refuses a path', () => {
    expect(normalizeWebsite('example.com')).toBe('https://example.com');
    expect(normalizeWebsite('../../../../etc/passwd')).toBeNull();
    expect(normalizeWebsite('')).toBe('');
  });
});

describe('blank templates', () => {
  it('mean "use the default" (stored as null), a lone space included; a missing one stays as it is', () => {
    const parsed = editDefaultTemplates.body.parse({ bioSmsTemplate: ' ', pcheckSmsTemplate: '', bioEmailTemplate: '\n\t', pcheckEmailTemplate: undefined });
    expect(parsed).toEqual({ bioSmsTemplate: null, pcheckSmsTemplate: null, bioEmailTemplate: null, pcheckEmailTemplate: undefined });
  });
});
