import { describe, expect, it } from 'vitest';
import { campaignsApi } from './endpoints/index.js';
import {
  GLOBAL_TEMPLATES,
  SMS_TEMPLATE_MAX,
  TEMPLATE_PLACEHOLDERS,
  renderTemplate,
  smsTemplateProblem,
  smsTemplateTooLong,
} from './templates.js';

describe('renderTemplate', () => {
  it('fills every placeholder, each occurrence', () => {
    const out = renderTemplate('Hi {customer_name}! {employee_name} of {company_name} ({department}): {link} — {customer_name}', {
      customer_name: 'Ann',
      employee_name: 'Mike',
      company_name: 'Demo Plumbing',
      department: 'Drains',
      link: 'https://kudo.test/p/x',
    });
    expect(out).toBe('Hi Ann! Mike of Demo Plumbing (Drains): https://kudo.test/p/x — Ann');
  });

  it('empties a known placeholder without a value and keeps other braces as written', () => {
    expect(renderTemplate('Hi {customer_name}, see {link} {unknown} {Link} {}', { link: 'L' })).toBe('Hi , see L {unknown} {Link} {}');
  });

  it('does not interpret values as placeholders or replacement patterns', () => {
    expect(renderTemplate('{customer_name} {link}', { customer_name: '{link} $& $1', link: 'x' })).toBe('{link} $& $1 x');
  });

  it('leaves a template without placeholders unchanged', () => {
    expect(renderTemplate('Thanks for your business!', {})).toBe('Thanks for your business!');
  });
});

describe('the SMS template limit', () => {
  it('accepts up to 140 characters and reports the length beyond', () => {
    expect(SMS_TEMPLATE_MAX).toBe(140);
    expect(smsTemplateProblem('x'.repeat(140))).toBeNull();
    expect(smsTemplateProblem('x'.repeat(141))).toBe('Max length is 140 (141)');
    expect(smsTemplateTooLong(152)).toBe('Max length is 140 (152)');
  });

  it('is what the default-templates endpoint validates with', () => {
    const schema = campaignsApi.editDefaultTemplates.body;
    const ok = schema.safeParse({ pcheckSmsTemplate: 'y'.repeat(140), bioSmsTemplate: '' });
    expect(ok.success).toBe(true);
    const bad = schema.safeParse({ pcheckSmsTemplate: 'y'.repeat(145) });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Max length is 140 (145)');
  });

  it('applies to campaign templates too', () => {
    const base = { name: 'A', description: 'B', department: 'C', image: 'https://x.test/a.png' };
    const bad = campaignsApi.campaignFields.safeParse({ ...base, bio_sms_template: 'z'.repeat(141) });
    expect(bad.error?.issues[0]?.message).toBe('Max length is 140 (141)');
    const ok = campaignsApi.campaignFields.safeParse({ ...base, bio_sms_template: '  ' });
    expect(ok.data?.bio_sms_template).toBeNull();
  });

  it('holds for the global default SMS templates, which use only known placeholders', () => {
    expect(smsTemplateProblem(GLOBAL_TEMPLATES.pcheckSmsTemplate)).toBeNull();
    expect(smsTemplateProblem(GLOBAL_TEMPLATES.bioSmsTemplate)).toBeNull();
    for (const t of Object.values(GLOBAL_TEMPLATES)) {
      for (const [, name] of t.matchAll(/\{([a-z_]+)\}/g)) expect(TEMPLATE_PLACEHOLDERS).toContain(name);
      expect(t).toContain('{link}');
    }
  });
});

describe('campaign field checks', () => {
  it('recognises YouTube links', () => {
    expect(campaignsApi.isYoutubeUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(true);
    expect(campaignsApi.isYoutubeUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(true);
    expect(campaignsApi.isYoutubeUrl('https://vimeo.com/123456')).toBe(false);
    expect(campaignsApi.isYoutubeUrl('javascript:alert(1)')).toBe(false);
  });

  it('words the plan limit by its number', () => {
    expect(campaignsApi.campaignLimitMessage(1)).toMatch(/allows 1 campaign\./);
    expect(campaignsApi.campaignLimitMessage(25)).toMatch(/allows 25 campaigns\./);
  });
});
