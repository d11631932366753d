/** Longest text message template, in characters (placeholders counted as written). */
export const SMS_TEMPLATE_MAX = 140;

/**
 * The placeholders a campaign template may use. A sender fills them with renderTemplate():
 * - customer_name: the customer's first name;
 * - employee_name: the campaign's name (the technician or the department);
 * - company_name: the location's company name;
 * - department: the campaign's department;
 * - link: the pulseCheck or bio link of this message.
 */
export const TEMPLATE_PLACEHOLDERS = ['customer_name', 'employee_name', 'company_name', 'department', 'link'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type TemplateValues = Partial<Record<TemplatePlaceholder, string>>;

/** The four message templates of a location (and of a campaign that overrides them). */
export interface MessageTemplates {
  bioEmailTemplate: string;
  bioSmsTemplate: string;
  pcheckEmailTemplate: string;
  pcheckSmsTemplate: string;
}

/** The global fallback: what a location uses until it edits its defaults. */
export const GLOBAL_TEMPLATES: MessageTemplates = {
  pcheckSmsTemplate: 'Hi {customer_name}, thanks for choosing {company_name}! How did {employee_name} do? Tell us: {link}',
  bioSmsTemplate: 'Hi {customer_name}, {employee_name} from {company_name} is on the way. Meet your technician: {link}',
  pcheckEmailTemplate:
    'Hi {customer_name},\n\nThank you for choosing {company_name}. We would love to hear how {employee_name} did today: it takes less than a minute.\n\n{link}\n\nThank you,\n{company_name}',
  bioEmailTemplate:
    'Hi {customer_name},\n\n{employee_name} from {company_name} will be taking care of you. Get to know your technician before the visit:\n\n{link}\n\nSee you soon,\n{company_name}',
};

const PLACEHOLDER_RE = /\{([a-z_]+)\}/g;

/**
 * Fills a template's placeholders. A known placeholder without a value becomes empty; braces around
 * anything else are left as written, so ordinary text with braces survives.
 */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER_RE, (match, name: string) =>
    (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as TemplatePlaceholder] ?? '') : match,
  );
}

/** The message for an SMS template over the limit, with its length: 'Max length is 140 (152)'. */
export const smsTemplateTooLong = (length: number): string => `Max length is ${SMS_TEMPLATE_MAX} (${length})`;

/** The problem of an SMS template, or null when it fits. */
export function smsTemplateProblem(template: string): string | null {
  return template.length > SMS_TEMPLATE_MAX ? smsTemplateTooLong(template.length) : null;
}
