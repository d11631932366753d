// What the A2P campaign tells the carriers about a location's texts, taken from the location's own templates.
import { formatPhone, GLOBAL_TEMPLATES, pulseCheckPath, bioPath, renderTemplate } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import type { CampaignDetails } from '../../providers/registrar/index.js';
import { keywordReply } from '../sms/index.js';

/** Carriers take two to five samples of 20 to 1024 characters. */
const SAMPLES_MAX = 5;
const SAMPLE_MIN_CHARS = 20;

/** An inbox template's placeholders (*|first_name|*) as carriers read variable parts: [first name]. */
const bracketed = (text: string) => text.replace(/\*\|([a-z_]+)\|\*/g, (_m, name: string) => `[${name.replace(/_/g, ' ')}]`);

/**
 * The campaign of a location: review requests (its pulseCheck text), the technician's introduction (its bio text)
 * and customer care (its inbox templates) as samples, with the link and the business's name as they are sent; how
 * customers consent; and the STOP and HELP answers Kudo sends in the business's name.
 */
export async function campaignDetails(deps: AppDeps, locationId: number): Promise<CampaignDetails> {
  const [location, templates, firstCampaign, inboxTemplates] = await Promise.all([
    deps.db.location.findUniqueOrThrow({ where: { id: locationId }, select: { name: true, companyName: true, companyPhoneNumber: true } }),
    deps.db.accountTemplates.findUnique({ where: { locationId } }),
    deps.db.campaign.findFirst({ where: { locationId }, orderBy: { id: 'asc' }, select: { uid: true, pcheckSmsTemplate: true, bioSmsTemplate: true } }),
    deps.db.inboxTemplate.findMany({ where: { locationId }, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }], select: { text: true }, take: 20 }),
  ]);
  const company = location.companyName || location.name;
  const uid = firstCampaign?.uid ?? 'AbCdEf123456';
  const values = { customer_name: '[first name]', employee_name: '[technician name]', company_name: company, department: '[department]' };
  const pcheck = firstCampaign?.pcheckSmsTemplate ?? templates?.pcheckSmsTemplate ?? GLOBAL_TEMPLATES.pcheckSmsTemplate;
  const bio = firstCampaign?.bioSmsTemplate ?? templates?.bioSmsTemplate ?? GLOBAL_TEMPLATES.bioSmsTemplate;
  const samples = [
    renderTemplate(pcheck, { ...values, link: `${deps.config.publicUrl}${pulseCheckPath('X7kP2mQ9')}` }),
    renderTemplate(bio, { ...values, link: `${deps.config.publicUrl}${bioPath(uid)}` }),
    ...inboxTemplates.map((t) => bracketed(t.text)),
  ]
    .map((s) => s.trim())
    .filter((s, i, all) => s.length >= SAMPLE_MIN_CHARS && all.indexOf(s) === i)
    .slice(0, SAMPLES_MAX)
    .map((s) => s.slice(0, 1024));
  const business = { name: company, phone: location.companyPhoneNumber ? formatPhone(location.companyPhoneNumber) : deps.config.sms.supportPhone };
  return {
    useCase: deps.config.carrier.useCase,
    description:
      `${company} texts its own customers about the service they booked or received: a request to review the visit ` +
      `with a link to a short survey, an introduction of the technician before a visit, and customer care conversations ` +
      `(scheduling, estimates, follow-up) answered by the business's staff.`,
    messageFlow:
      `Customers give ${company} their mobile number when they book or receive a service and agree to receive texts about it: ` +
      `the staff record the customer's consent on the communication consent form, customers who start a chat on the ` +
      `business's website give their number and consent in the chat form, and customers who text the business's number ` +
      `start the conversation themselves. Texts name the business; customers reply STOP to opt out and HELP for help. ` +
      `Message frequency varies. Message and data rates may apply. Consent is not a condition of purchase.`,
    samples,
    optInMessage: keywordReply('start', business),
    optOutMessage: keywordReply('stop', business),
    helpMessage: keywordReply('help', business),
    hasEmbeddedLinks: true,
    hasEmbeddedPhone: /\(\d{3}\)|\d{3}[-. ]\d{3}[-. ]\d{4}/.test(samples.join(' ')),
  };
}
