import { createHash } from 'node:crypto';
import twilio from 'twilio';
import { twilioClientOptions } from '../sms/twilio.js';
import type {
  AdvanceResult,
  BusinessDetails,
  DetailsField,
  RegistrarProvider,
  RegistrationStep,
  StepStatus,
} from './types.js';

export interface TwilioRegistrarOptions {
  accountSid: string;
  authToken: string;
  /** Kudo's own approved primary customer profile, which each business's secondary profile is assigned to. */
  primaryProfileSid?: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/** Twilio's Trust Hub policies: a secondary customer profile (an ISV's customer), and the A2P messaging profile. */
export const SECONDARY_PROFILE_POLICY = 'RNdfbf3fae0e1107f8aded0e7cead80bf5';
export const A2P_PROFILE_POLICY = 'RNb0d4771c2c98518d916a3d4cd70a8f8b';

/** The form's business types in Twilio's words. */
const BUSINESS_TYPE: Record<string, string> = {
  sole_proprietorship: 'Sole Proprietorship',
  partnership: 'Partnership',
  llc: 'Limited Liability Corporation',
  corporation: 'Corporation',
  co_operative: 'Co-operative',
  non_profit: 'Non-profit Corporation',
};

/** Trust Hub attribute names (and Twilio's own field names) → the registration form's fields. */
const FIELD_OF_ATTRIBUTE: Record<string, DetailsField> = {
  business_name: 'legal_name',
  customer_name: 'legal_name',
  business_type: 'business_type',
  company_type: 'business_type',
  business_registration_number: 'ein',
  business_registration_identifier: 'ein',
  website_url: 'website',
  first_name: 'contact_first_name',
  last_name: 'contact_last_name',
  email: 'contact_email',
  phone_number: 'contact_phone',
  business_title: 'contact_title',
  job_position: 'contact_position',
  street: 'street',
  address_sids: 'street',
  city: 'city',
  region: 'state',
  postal_code: 'postal_code',
};

/** A carrier's words about a brand → the field they concern (the brand's feedback codes first, then its text). */
function fieldOfReason(reason: string, feedback: readonly string[] = []): DetailsField | undefined {
  if (feedback.includes('TAX_ID')) return 'ein';
  if (feedback.includes('NONPROFIT') || feedback.includes('GOVERNMENT_ENTITY')) return 'business_type';
  const text = reason.toLowerCase();
  if (/\b(ein|tax id|tax_id|taxid|registration number)\b/.test(text)) return 'ein';
  if (/\bwebsite|url|domain\b/.test(text)) return 'website';
  if (/\baddress|street|zip|postal\b/.test(text)) return 'street';
  if (/\b(legal|business|company|brand) name\b/.test(text)) return 'legal_name';
  if (/\bentity type|business type|company type\b/.test(text)) return 'business_type';
  if (/\bemail\b/.test(text)) return 'contact_email';
  if (/\bphone\b/.test(text)) return 'contact_phone';
  return undefined;
}

const BUNDLE_STATUS: Record<string, StepStatus> = {
  draft: 'draft',
  'pending-review': 'pending',
  'in-review': 'in_review',
  'twilio-approved': 'approved',
  'twilio-rejected': 'failed',
};
const BRAND_STATUS: Record<string, StepStatus> = {
  PENDING: 'pending',
  IN_REVIEW: 'in_review',
  APPROVED: 'approved',
  FAILED: 'failed',
  SUSPENDED: 'failed',
  DELETION_PENDING: 'failed',
  DELETION_FAILED: 'failed',
};
const CAMPAIGN_STATUS: Record<string, StepStatus> = {
  PENDING: 'pending',
  IN_PROGRESS: 'in_review',
  VERIFIED: 'approved',
  FAILED: 'failed',
};

/** Trust Hub bundles already submitted: submitting again is refused, and their review reads their current contents. */
const AWAITING_REVIEW = new Set(['pending-review', 'in-review']);

const ORDER: StepStatus[] = ['failed', 'draft', 'pending', 'in_review', 'approved'];
/** The status of two parts taken together: the one further behind. */
const worst = (a: StepStatus, b: StepStatus): StepStatus => (ORDER.indexOf(a) <= ORDER.indexOf(b) ? a : b);

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/** A refusal with its reason (and field), as the registration stops on it. */
class Refused extends Error {
  constructor(
    readonly step: RegistrationStep,
    readonly reason: string,
    readonly field?: DetailsField,
  ) {
    super(reason);
  }
}

/** Twilio's answer to a request it refused (4xx): the registration stops with its message; anything else is retried. */
function refusal(step: RegistrationStep, error: unknown): Refused | null {
  if (error instanceof Refused) return error;
  if (error instanceof twilio.RestException && error.status >= 400 && error.status < 500 && error.status !== 429) {
    const message = error.message || `Twilio refused the request (${error.code ?? error.status})`;
    return new Refused(step, message, fieldOfReason(message));
  }
  return null;
}

/** The first failed requirement of a Trust Hub evaluation, in the form's terms. */
function evaluationFailure(results: unknown[]): { reason: string; field?: DetailsField } {
  for (const raw of results as Record<string, unknown>[]) {
    if (raw?.passed !== false) continue;
    const invalid = (Array.isArray(raw.invalid) ? raw.invalid : []) as Record<string, unknown>[];
    const first = invalid[0];
    const attribute = typeof first?.object_field === 'string' ? first.object_field : undefined;
    const reason =
      (typeof first?.failure_reason === 'string' && first.failure_reason) ||
      (typeof raw.failure_reason === 'string' && raw.failure_reason) ||
      `${String(raw.requirement_friendly_name ?? raw.friendly_name ?? 'A requirement')} is not met`;
    return { reason, field: attribute ? FIELD_OF_ATTRIBUTE[attribute] : fieldOfReason(reason) };
  }
  return { reason: 'The business profile did not pass Twilio’s checks' };
}

const ein = (digits: string) => (digits.length === 9 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits);

function businessAttributes(b: BusinessDetails) {
  return {
    business_name: b.legalName,
    business_identity: 'direct_customer',
    business_type: BUSINESS_TYPE[b.businessType] ?? 'Corporation',
    business_industry: b.businessType === 'non_profit' ? 'NOT_FOR_PROFIT' : 'CONSUMER',
    business_registration_identifier: 'EIN',
    business_registration_number: ein(b.ein),
    business_regions_of_operation: 'USA_AND_CANADA',
    website_url: b.website,
    social_media_profile_urls: '',
  };
}

function representativeAttributes(b: BusinessDetails) {
  return {
    first_name: b.contact.firstName,
    last_name: b.contact.lastName,
    email: b.contact.email,
    phone_number: b.contact.phone,
    business_title: b.contact.title,
    job_position: b.contact.position,
  };
}

const addressFields = (b: BusinessDetails) => ({ customerName: b.legalName, street: b.street, city: b.city, region: b.state, postalCode: b.postalCode, isoCountry: 'US' });

/**
 * Registers each business as its own brand through Twilio's ISV path, with the official SDK: a secondary customer
 * profile in Trust Hub (business information, authorized representative, address, assigned to Kudo's primary
 * profile), an A2P messaging profile, the brand, a Messaging Service holding the location's number, and the A2P
 * campaign on it. Every object is named after the location, so a run that stopped before recording one finds it.
 */
export function twilioRegistrar(options: TwilioRegistrarOptions): RegistrarProvider {
  const client = twilio(options.accountSid, options.authToken, twilioClientOptions(options.baseUrl, options.timeoutMs));
  const trusthub = client.trusthub.v1;
  const messaging = client.messaging.v1;

  return {
    kind: 'twilio',
    async advance(input, stored, record) {
      const resources: Record<string, string> = { ...stored };
      const save = async (patch: Record<string, string>) => {
        Object.assign(resources, patch);
        await record(patch);
      };
      const name = (what: string) => `kudo-location-${input.locationId}-${what}`;
      const steps: AdvanceResult['steps'] = {};

      /** The object recorded under `key`, else the one found by name, else a new one: recorded as soon as known. */
      const ensure = async (key: string, find: () => Promise<string | undefined>, create: () => Promise<string>) => {
        if (resources[key]) return resources[key];
        const sid = (await find()) ?? (await create());
        await save({ [key]: sid });
        return sid;
      };

      const endUser = async (key: string, type: string, attributes: Record<string, string>) => {
        const hash = hashOf(attributes);
        const friendlyName = name(key);
        let created = false;
        const sid = await ensure(
          key,
          async () => (await trusthub.endUsers.list({ pageSize: 1000 })).find((u) => u.friendlyName === friendlyName && u.type === type)?.sid,
          async () => {
            created = true;
            return (await trusthub.endUsers.create({ friendlyName, type, attributes })).sid;
          },
        );
        if (!created && resources[`${key}.hash`] !== hash) await trusthub.endUsers(sid).update({ attributes });
        if (resources[`${key}.hash`] !== hash) await save({ [`${key}.hash`]: hash });
        return sid;
      };

      const assign = async (list: { list(): Promise<{ objectSid: string }[]>; create(p: { objectSid: string }): Promise<unknown> }, sids: string[]) => {
        const present = new Set((await list.list()).map((a) => a.objectSid));
        for (const objectSid of sids) if (!present.has(objectSid)) await list.create({ objectSid });
      };

      let current: RegistrationStep = 'profile';
      try {
        if (input.business.businessType === 'sole_proprietorship') {
          throw new Refused(
            'profile',
            'Carriers register a sole proprietorship through a separate path that confirms the owner’s mobile number; please contact support to register it.',
            'business_type',
          );
        }
        if (!options.primaryProfileSid) {
          throw new Refused('profile', 'Texting registration is not set up on this server yet (no primary business profile); please contact support.');
        }
        const b = input.business;
        const details = hashOf({ business: businessAttributes(b), representative: representativeAttributes(b), address: addressFields(b) });

        // 1. The business's secondary customer profile.
        const profileSid = await ensure(
          'profile',
          async () => (await trusthub.customerProfiles.list({ friendlyName: name('profile'), policySid: SECONDARY_PROFILE_POLICY, pageSize: 20 }))[0]?.sid,
          async () =>
            (
              await trusthub.customerProfiles.create({
                friendlyName: name('profile'),
                email: b.contact.email,
                policySid: SECONDARY_PROFILE_POLICY,
                ...(input.statusCallbackUrl ? { statusCallback: input.statusCallbackUrl } : {}),
              })
            ).sid,
        );
        const businessInfo = await endUser('business', 'customer_profile_business_information', businessAttributes(b));
        const representative = await endUser('representative', 'authorized_representative_1', representativeAttributes(b));
        const address = addressFields(b);
        const addressHash = hashOf(address);
        let addressCreated = false;
        const addressSid = await ensure(
          'address',
          async () => (await client.addresses.list({ friendlyName: name('address'), pageSize: 20 }))[0]?.sid,
          async () => {
            addressCreated = true;
            return (await client.addresses.create({ ...address, friendlyName: name('address') })).sid;
          },
        );
        if (resources['address.hash'] !== addressHash) {
          if (!addressCreated) await client.addresses(addressSid).update(address);
          await save({ 'address.hash': addressHash });
        }
        const documentSid = await ensure(
          'addressDocument',
          async () =>
            (await trusthub.supportingDocuments.list({ pageSize: 1000 })).find((d) => d.friendlyName === name('address-document'))?.sid,
          async () =>
            (
              await trusthub.supportingDocuments.create({
                friendlyName: name('address-document'),
                type: 'customer_profile_address',
                attributes: { address_sids: addressSid },
              })
            ).sid,
        );
        await assign(trusthub.customerProfiles(profileSid).customerProfilesEntityAssignments, [businessInfo, representative, documentSid, options.primaryProfileSid]);
        let profile = await trusthub.customerProfiles(profileSid).fetch();
        if (resources['profile.submitted'] !== details) {
          const evaluation = await trusthub.customerProfiles(profileSid).customerProfilesEvaluations.create({ policySid: SECONDARY_PROFILE_POLICY });
          if (evaluation.status !== 'compliant') {
            const failure = evaluationFailure(evaluation.results ?? []);
            throw new Refused('profile', failure.reason, failure.field);
          }
          // A profile already waiting for review is reviewed with what it holds now; any other goes (back) to review.
          if (!AWAITING_REVIEW.has(profile.status)) profile = await trusthub.customerProfiles(profileSid).update({ status: 'pending-review' });
          await save({ 'profile.submitted': details });
        }
        await save({ 'profile.status': profile.status });
        if (profile.status === 'twilio-rejected') {
          const error = (profile.errors ?? [])[0] as Record<string, unknown> | undefined;
          const reason = String(error?.message ?? error?.description ?? error?.failure_reason ?? 'Twilio rejected the business profile');
          const fields = Array.isArray(error?.fields) ? (error.fields as unknown[]).map(String) : [];
          throw new Refused('profile', reason, fields.map((f) => FIELD_OF_ATTRIBUTE[f]).find(Boolean) ?? fieldOfReason(reason));
        }

        // 2. The A2P messaging profile (a trust product holding the customer profile).
        const trustSid = await ensure(
          'trustProduct',
          async () => (await trusthub.trustProducts.list({ friendlyName: name('a2p-profile'), policySid: A2P_PROFILE_POLICY, pageSize: 20 }))[0]?.sid,
          async () =>
            (
              await trusthub.trustProducts.create({
                friendlyName: name('a2p-profile'),
                email: b.contact.email,
                policySid: A2P_PROFILE_POLICY,
                ...(input.statusCallbackUrl ? { statusCallback: input.statusCallbackUrl } : {}),
              })
            ).sid,
        );
        const a2pInfo = await endUser('a2pInfo', 'us_a2p_messaging_profile_information', {
          company_type: b.businessType === 'non_profit' ? 'non_profit' : 'private',
        });
        await assign(trusthub.trustProducts(trustSid).trustProductsEntityAssignments, [a2pInfo, profileSid]);
        const trustDetails = hashOf({ a2pInfo, profileSid, type: b.businessType === 'non_profit' });
        let trust = await trusthub.trustProducts(trustSid).fetch();
        if (resources['trustProduct.submitted'] !== trustDetails) {
          const evaluation = await trusthub.trustProducts(trustSid).trustProductsEvaluations.create({ policySid: A2P_PROFILE_POLICY });
          if (evaluation.status !== 'compliant') {
            const failure = evaluationFailure(evaluation.results ?? []);
            throw new Refused('profile', failure.reason, failure.field);
          }
          if (!AWAITING_REVIEW.has(trust.status)) trust = await trusthub.trustProducts(trustSid).update({ status: 'pending-review' });
          await save({ 'trustProduct.submitted': trustDetails });
        }
        await save({ 'trustProduct.status': trust.status });
        if (trust.status === 'twilio-rejected') throw new Refused('profile', 'Twilio rejected the A2P messaging profile');
        steps.profile = worst(BUNDLE_STATUS[profile.status] ?? 'pending', BUNDLE_STATUS[trust.status] ?? 'pending');

        // 3. The brand: made once, for this customer profile; changed details are resubmitted on the same brand.
        current = 'brand';
        let brandCreated = false;
        const brandSid = await ensure(
          'brand',
          async () => (await messaging.brandRegistrations.list({ pageSize: 1000 })).find((r) => r.customerProfileBundleSid === profileSid)?.sid,
          async () => {
            brandCreated = true;
            return (await messaging.brandRegistrations.create({ customerProfileBundleSid: profileSid, a2PProfileBundleSid: trustSid, brandType: 'STANDARD' })).sid;
          },
        );
        if (brandCreated) await save({ 'brand.submitted': details });
        else if (resources['brand.submitted'] !== details) {
          await messaging.brandRegistrations(brandSid).update();
          await save({ 'brand.submitted': details });
        }
        const brand = await messaging.brandRegistrations(brandSid).fetch();
        await save({ 'brand.status': brand.status });
        steps.brand = BRAND_STATUS[brand.status] ?? 'pending';
        const trustScore = typeof brand.brandScore === 'number' ? brand.brandScore : undefined;
        if (steps.brand === 'failed') {
          const error = (brand.errors ?? [])[0] as Record<string, unknown> | undefined;
          const reason = brand.failureReason || String(error?.description ?? error?.message ?? 'The carriers did not accept the brand');
          throw new Refused('brand', reason, fieldOfReason(reason, brand.brandFeedback ?? []));
        }
        if (steps.brand !== 'approved') return { status: 'in_review', steps, ...(trustScore !== undefined ? { trustScore } : {}) };

        // 4. The location's Messaging Service, with its number.
        current = 'service';
        const serviceSid =
          input.messagingServiceSid ??
          (await ensure(
            'service',
            async () => (await messaging.services.list({ pageSize: 1000 })).find((s) => s.friendlyName === name('texting'))?.sid,
            async () =>
              (
                await messaging.services.create({
                  friendlyName: name('texting'),
                  ...(input.inboundUrl ? { inboundRequestUrl: input.inboundUrl, useInboundWebhookOnNumber: true } : {}),
                  ...(input.statusCallbackUrl ? { statusCallback: input.statusCallbackUrl } : {}),
                })
              ).sid,
          ));
        if (input.messagingServiceSid && resources.service !== serviceSid) await save({ service: serviceSid });
        if (input.phoneNumber && resources.number !== input.phoneNumber) {
          const inService = (await messaging.services(serviceSid).phoneNumbers.list({ pageSize: 1000 })).some((n) => n.phoneNumber === input.phoneNumber);
          if (!inService) {
            const owned = (await client.incomingPhoneNumbers.list({ phoneNumber: input.phoneNumber, pageSize: 20 }))[0];
            if (!owned) throw new Refused('service', `The location’s number ${input.phoneNumber} is not in Kudo’s Twilio account; please contact support.`);
            await messaging.services(serviceSid).phoneNumbers.create({ phoneNumberSid: owned.sid });
          }
          await save({ number: input.phoneNumber });
        }
        steps.service = 'approved';

        // 5. The campaign the location's texts go under.
        current = 'campaign';
        const c = input.campaign;
        const campaignSid = await ensure(
          'campaign',
          async () => (await messaging.services(serviceSid).usAppToPerson.list({ pageSize: 20 }))[0]?.sid,
          async () =>
            (
              await messaging.services(serviceSid).usAppToPerson.create({
                brandRegistrationSid: brandSid,
                description: c.description,
                messageFlow: c.messageFlow,
                messageSamples: c.samples,
                usAppToPersonUsecase: c.useCase,
                hasEmbeddedLinks: c.hasEmbeddedLinks,
                hasEmbeddedPhone: c.hasEmbeddedPhone,
                optInMessage: c.optInMessage,
                optOutMessage: c.optOutMessage,
                helpMessage: c.helpMessage,
                optOutKeywords: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
                helpKeywords: ['HELP'],
                optInKeywords: ['START'],
              })
            ).sid,
        );
        const campaign = await messaging.services(serviceSid).usAppToPerson(campaignSid).fetch();
        await save({ 'campaign.status': campaign.campaignStatus });
        steps.campaign = CAMPAIGN_STATUS[campaign.campaignStatus] ?? 'pending';
        const caps = (campaign.rateLimits ?? {}) as { tmobile?: { brand_daily_cap?: unknown } };
        const dailyLimit = typeof caps.tmobile?.brand_daily_cap === 'number' ? caps.tmobile.brand_daily_cap : undefined;
        const figures = { ...(trustScore !== undefined ? { trustScore } : {}), ...(dailyLimit !== undefined ? { dailyLimit } : {}) };
        if (steps.campaign === 'failed') {
          const error = (campaign.errors ?? [])[0] as Record<string, unknown> | undefined;
          throw new Refused('campaign', String(error?.description ?? error?.message ?? 'The carriers did not accept the campaign'));
        }
        return { status: steps.campaign === 'approved' ? 'approved' : 'in_review', steps, ...figures };
      } catch (error) {
        const refused = refusal(current, error);
        if (!refused) throw error;
        steps[refused.step] = 'failed';
        return { status: 'failed', steps, failure: { reason: refused.reason, ...(refused.field ? { field: refused.field } : {}) } };
      }
    },
  };
}
