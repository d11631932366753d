import { MSG, isValidEmail, isValidPhone, isYoutubeUrl, smsTemplateProblem, type MessageTemplates } from '@kudo/shared';

type TemplateKey = keyof MessageTemplates;

/** The campaign form as typed: strings only, trimmed when sent. */
export interface CampaignForm {
  name: string;
  description: string;
  department: string;
  image: string;
  employeeId: string;
  license: string;
  email: string;
  ytUrl: string;
  fieldopsUsername: string;
  fieldopsPassword: string;
  templates: Record<TemplateKey, string>;
}

/** The request field of each template, for its error message. */
export const TEMPLATE_FIELD = {
  pcheckSmsTemplate: 'pcheck_sms_template',
  bioSmsTemplate: 'bio_sms_template',
  pcheckEmailTemplate: 'pcheck_email_template',
  bioEmailTemplate: 'bio_email_template',
} as const satisfies Record<TemplateKey, string>;

const FIELDOPS_USERNAME_RE = /^[A-Za-z0-9._-]{3,40}$/;
const FIELDOPS_PASSWORD_RE = /^\S{6,64}$/;

/** The checks the server makes, run first in the browser so each message shows beside its field. */
export function campaignProblems(f: CampaignForm): Record<string, string> {
  const p: Record<string, string> = {};
  if (!f.name.trim()) p.name = MSG.campaignName;
  if (!f.description.trim()) p.description = MSG.campaignDescription;
  if (!f.department.trim()) p.department = MSG.campaignDepartment;
  if (!f.image.trim()) p.image = MSG.campaignImage;
  if (f.email.trim() && !isValidEmail(f.email.trim())) p.email = MSG.validEmail;
  if (f.ytUrl.trim() && !isYoutubeUrl(f.ytUrl.trim())) p.yt_url = MSG.campaignYoutubeUrl;
  if (f.fieldopsUsername.trim() && !FIELDOPS_USERNAME_RE.test(f.fieldopsUsername.trim())) p.fieldops_username = MSG.campaignFieldopsUsername;
  if (f.fieldopsPassword && !FIELDOPS_PASSWORD_RE.test(f.fieldopsPassword)) p.fieldops_password = MSG.campaignFieldopsPassword;
  for (const key of ['pcheckSmsTemplate', 'bioSmsTemplate'] as const) {
    const problem = smsTemplateProblem(f.templates[key].trim());
    if (problem) p[TEMPLATE_FIELD[key]] = problem;
  }
  return p;
}

/** Youtube's embeddable address of a watch, share, shorts or live link. */
export function youtubeEmbedUrl(url: string): string | null {
  const m = /(?:[?&]v=|youtu\.be\/|embed\/|shorts\/|live\/)([\w-]{6,})/.exec(url);
  return m ? `https://www.youtube-nocookie.com/embed/${m[1]}` : null;
}

/** The problems of a FieldOps invite, by field; empty when it can be sent. */
export function inviteProblems(email: string, phone: string): { email?: string; phone_number?: string } {
  const e = email.trim();
  const p = phone.trim();
  if (!e && !p) return { email: MSG.fieldopsNoContact };
  return {
    ...(e && !isValidEmail(e) ? { email: MSG.fieldopsEmail } : {}),
    ...(p && !isValidPhone(p) ? { phone_number: MSG.fieldopsPhone } : {}),
  };
}
