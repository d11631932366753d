import { describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { campaignProblems, inviteProblems, youtubeEmbedUrl, type CampaignForm } from './forms';

const valid: CampaignForm = {
  name: 'Rosa',
  description: 'Drains',
  department: 'Drains',
  image: 'https://x.test/a.png',
  employeeId: '',
  license: '',
  email: '',
  ytUrl: '',
  fieldopsUsername: '',
  fieldopsPassword: '',
  templates: { pcheckSmsTemplate: '', bioSmsTemplate: '', pcheckEmailTemplate: '', bioEmailTemplate: '' },
};

describe('campaignProblems', () => {
  it('passes a complete form', () => {
    expect(campaignProblems(valid)).toEqual({});
  });

  it('names every missing required field with its message', () => {
    expect(campaignProblems({ ...valid, name: ' ', description: '', department: '', image: '' })).toEqual({
      name: MSG.campaignName,
      description: MSG.campaignDescription,
      department: MSG.campaignDepartment,
      image: MSG.campaignImage,
    });
  });

  it('limits SMS templates to 140 characters, not email templates', () => {
    const templates = { ...valid.templates, bioSmsTemplate: 'x'.repeat(141), pcheckEmailTemplate: 'y'.repeat(500) };
    expect(campaignProblems({ ...valid, templates })).toEqual({ bio_sms_template: 'Max length is 140 (141)' });
  });

  it('checks the optional email, Youtube link and FieldOps sign-in only when given', () => {
    expect(campaignProblems({ ...valid, email: 'x@', ytUrl: 'https://vimeo.com/1', fieldopsUsername: 'a b', fieldopsPassword: '123' })).toEqual({
      email: MSG.validEmail,
      yt_url: MSG.campaignYoutubeUrl,
      fieldops_username: MSG.campaignFieldopsUsername,
      fieldops_password: MSG.campaignFieldopsPassword,
    });
  });
});

describe('inviteProblems', () => {
  it('needs an email or a phone', () => {
    expect(inviteProblems('', '')).toEqual({ email: MSG.fieldopsNoContact });
  });

  it('checks each given contact', () => {
    expect(inviteProblems('bad', '')).toEqual({ email: MSG.fieldopsEmail });
    expect(inviteProblems('', '512555')).toEqual({ phone_number: MSG.fieldopsPhone });
    expect(inviteProblems('', '(512) 555-0100')).toEqual({});
    expect(inviteProblems('a@b.co', '5125550100')).toEqual({});
  });
});

describe('youtubeEmbedUrl', () => {
  it('turns watch, share and shorts links into the privacy-enhanced embed', () => {
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(youtubeEmbedUrl('https://youtube.com/shorts/abcdef123')).toBe('https://www.youtube-nocookie.com/embed/abcdef123');
    expect(youtubeEmbedUrl('https://example.com')).toBeNull();
  });
});
