/** A job done, as every connector hands it over: what the rules and the review request need. */
export interface FieldJob {
  /** The system's job id. */
  externalId: string;
  completedAt: Date;
  customer: { name: string; /** E.164 */ phone: string | null; email: string | null };
  technician: { id: string | null; name: string | null };
  tags: string[];
}

/** What Jobber's tokens and account are, kept encrypted with the connection. */
export interface JobberTokens {
  accessToken: string;
  refreshToken: string;
}

export interface JobberAccount {
  id: string;
  name: string;
}

/** A Jobber webhook's event: data.webHookEvent of the body. */
export interface JobberEvent {
  topic: string;
  accountId: string;
  itemId: string;
  occurredAt: string;
}

export class FieldProviderError extends Error {
  constructor(
    message: string,
    /** The system refused the credentials (a sign-in again is needed), rather than being out of reach. */
    readonly unauthorized = false,
  ) {
    super(message);
  }
}

/**
 * Jobber: its OAuth sign-in, the webhook signature (the app's client secret) and the job behind an event, read
 * through its GraphQL API. Without Jobber's app credentials (JOBBER_CLIENT_ID and _SECRET) the local one connects a
 * demo account and accepts no webhooks: the screen's Test job sends events through the same path.
 */
export interface JobberProvider {
  readonly kind: 'jobber' | 'local';
  /** Jobber's sign-in address, or null where a local demo connection is made instead. */
  authorizeUrl(state: string): string | null;
  exchangeCode(code: string): Promise<JobberTokens>;
  account(tokens: JobberTokens): Promise<{ account: JobberAccount; tokens: JobberTokens }>;
  /** True when the X-Jobber-Hmac-SHA256 header is the base64 HMAC-SHA256 of the raw body with the client secret. */
  verifyWebhook(rawBody: Buffer, signature: string): boolean;
  /**
   * The job the event is about, when it is a job done (JOB_CLOSED); null for other topics. The tokens come back
   * refreshed when Jobber asked for that.
   */
  completedJob(tokens: JobberTokens, event: JobberEvent): Promise<{ job: FieldJob | null; tokens: JobberTokens }>;
}

export interface FieldServiceProvider {
  jobber: JobberProvider;
}
