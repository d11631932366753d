/**
 * The carrier (A2P 10DLC) registration of one business's texting, as a registrar carries it out: the business's
 * profile, its brand, a Messaging Service holding its number, and the campaign its texts are sent under.
 */

/** Where a registration stands as a whole. */
export type RegistrationStatus = 'pending' | 'in_review' | 'approved' | 'failed';
/** The parts of a registration, in the order they are made. */
export type RegistrationStep = 'profile' | 'brand' | 'service' | 'campaign';
export const REGISTRATION_STEPS: readonly RegistrationStep[] = ['profile', 'brand', 'service', 'campaign'];
export type StepStatus = 'draft' | 'pending' | 'in_review' | 'approved' | 'failed';

/** The business details fields a carrier's refusal can concern (the names of the registration form's fields). */
export type DetailsField =
  | 'legal_name'
  | 'business_type'
  | 'ein'
  | 'website'
  | 'contact_first_name'
  | 'contact_last_name'
  | 'contact_email'
  | 'contact_phone'
  | 'contact_title'
  | 'contact_position'
  | 'street'
  | 'city'
  | 'state'
  | 'postal_code';

export interface BusinessDetails {
  legalName: string;
  /** sole_proprietorship, partnership, llc, corporation, co_operative or non_profit */
  businessType: string;
  /** Nine digits; empty for a sole proprietorship. */
  ein: string;
  website: string;
  street: string;
  city: string;
  /** Two-letter state code. */
  state: string;
  postalCode: string;
  contact: { firstName: string; lastName: string; email: string; /** E.164 */ phone: string; title: string; position: string };
}

/** What the campaign tells the carriers about the texts: taken from the location's own templates and replies. */
export interface CampaignDetails {
  /** The carriers' use case: MIXED (review requests and customer care), CUSTOMER_CARE, … */
  useCase: string;
  description: string;
  /** How customers consent to the texts (the opt-in). */
  messageFlow: string;
  /** Two to five examples of the texts. */
  samples: string[];
  optInMessage: string;
  optOutMessage: string;
  helpMessage: string;
  hasEmbeddedLinks: boolean;
  hasEmbeddedPhone: boolean;
}

export interface RegistrationInput {
  locationId: number;
  locationName: string;
  /** The location's own number (E.164), put in its Messaging Service; null when it sends from the shared sender. */
  phoneNumber: string | null;
  /** A Messaging Service the location already has, used instead of making one. */
  messagingServiceSid: string | null;
  business: BusinessDetails;
  campaign: CampaignDetails;
  /** When the business last submitted its details. */
  submittedAt: Date;
  /** Where the registrar's status callbacks go, when it offers them. */
  statusCallbackUrl?: string;
  inboundUrl?: string;
}

/** What the registrar made (its ids, by name) and what it last saw of each: kept between runs. */
export type RegistrarResources = Readonly<Record<string, string>>;

export interface AdvanceResult {
  status: RegistrationStatus;
  steps: Partial<Record<RegistrationStep, StepStatus>>;
  /** For a failed registration: the carrier's reason, and the field it concerns when it concerns one. */
  failure?: { reason: string; field?: DetailsField };
  /** The brand's trust score and the messages a day the carriers allow it, when reported. */
  trustScore?: number;
  dailyLimit?: number;
  /** When the registrar itself knows when to look again (the local one does). */
  checkAgainInSeconds?: number;
}

export interface RegistrarProvider {
  readonly kind: 'local' | 'twilio';
  /**
   * Takes the registration as far as it goes now, and says where it stands. Each thing it makes is passed to
   * `record` as soon as it exists, so a run that stops half way is continued by the next without making anything
   * twice; what it finds under the same name before creating is reused likewise. Changed details are sent as
   * updates of what exists. Throws when the registrar could not be reached (the caller tries again later).
   */
  advance(input: RegistrationInput, resources: RegistrarResources, record: (patch: Record<string, string>) => Promise<void>): Promise<AdvanceResult>;
}
