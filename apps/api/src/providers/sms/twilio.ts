import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import { SmsSendError, twilioFailureReason } from './errors.js';
import type { SmsMessage, SmsProvider } from './types.js';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sender: a Twilio number in E.164, or else a Messaging Service (which picks the number). */
  from?: string;
  messagingServiceSid?: string;
  /** Another API origin instead of https://api.twilio.com (a proxy, or a local test server). */
  baseUrl?: string;
  timeoutMs?: number;
  /** Where Twilio reports each message's delivery status (our status webhook). */
  statusCallbackUrl?: string;
}

const TWILIO_ORIGIN = /^https:\/\/[^/]+\.twilio\.com/;

/**
 * The SDK's HTTP client, sending to another origin. The SDK builds absolute https://….twilio.com
 * URIs; only their origin is replaced, so the path, auth and form body stay exactly what it sends.
 */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(
    private readonly origin: string,
    opts: ConstructorParameters<typeof twilio.RequestClient>[0],
  ) {
    super(opts);
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(TWILIO_ORIGIN, this.origin) });
  }
}

/** The SDK client's options: its HTTP client, sent to another origin when one is configured. */
export function twilioClientOptions(baseUrl?: string, timeoutMs = 15_000) {
  const clientOpts = { timeout: timeoutMs, autoRetry: true, maxRetries: 2 };
  const httpClient = baseUrl ? new RedirectingRequestClient(baseUrl.replace(/\/$/, ''), clientOpts) : new twilio.RequestClient(clientOpts);
  return { httpClient };
}

/** Sends SMS through Twilio's Messages API with the official SDK. */
export function twilioSmsProvider(options: TwilioOptions): SmsProvider {
  if (!options.from && !options.messagingServiceSid) {
    throw new Error('Twilio needs TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID to send SMS.');
  }
  const client = twilio(options.accountSid, options.authToken, twilioClientOptions(options.baseUrl, options.timeoutMs));

  return {
    kind: 'twilio',
    async send(message: SmsMessage) {
      try {
        const sent = await client.messages.create({
          to: message.to,
          body: message.body,
          // The location's own number or Messaging Service first, then the account's.
          ...(message.from
            ? { from: message.from }
            : message.messagingServiceSid
              ? { messagingServiceSid: message.messagingServiceSid }
              : options.from
                ? { from: options.from }
                : { messagingServiceSid: options.messagingServiceSid! }),
          ...(message.mediaUrl ? { mediaUrl: [message.mediaUrl] } : {}),
          ...(options.statusCallbackUrl ? { statusCallback: options.statusCallbackUrl } : {}),
        });
        return { id: sent.sid, from: sent.from ?? undefined };
      } catch (error) {
        if (error instanceof twilio.RestException) {
          throw new SmsSendError(
            twilioFailureReason(error.code, error.status),
            `Twilio refused the message (${error.code ?? error.status}): ${error.message}`,
            error.code,
          );
        }
        throw new SmsSendError('unavailable', `Twilio could not be reached: ${(error as Error).message}`);
      }
    },
  };
}
