import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { MSG, systemApi } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { rawRoute, route } from '../../http/route.js';
import { normalizeAddress, recordConsent } from '../../lib/consent.js';
import { forbidden } from '../../lib/errors.js';
import { handleInboundSms } from './inbound.js';
import { deliveryStatusChanged, recordKeywordReply } from '../inbox/index.js';
import { attachAudioReview } from '../pulsecheck/index.js';
import { escapeXml } from '../../lib/escape.js';

export const TWILIO_INBOUND_PATH = `/api${systemApi.twilioInbound.path}`;
export const TWILIO_STATUS_PATH = `/api${systemApi.twilioStatus.path}`;
export const TWILIO_RECORDING_PATH = `/api${systemApi.twilioRecording.path}`;

export const twiml = (reply: string | null) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${escapeXml(reply)}</Message>` : ''}</Response>`;

/** Later statuses never go back to earlier ones when Twilio's callbacks arrive out of order. */
const STATUS_RANK: Record<string, number> = {
  accepted: 0,
  scheduled: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  receiving: 3,
  received: 4,
  delivered: 5,
  undelivered: 5,
  failed: 5,
  read: 6,
  canceled: 5,
};
const STATUS_RANK_JSON = JSON.stringify(STATUS_RANK);

/**
 * The URL Twilio signed: the public address it was configured with. Behind a proxy that rewrites the
 * host or scheme, PUBLIC_URL is that address; with TRUST_PROXY the forwarded host and scheme are tried too.
 */
function signedUrls(deps: AppDeps, request: FastifyRequest): string[] {
  const urls = [`${deps.config.publicUrl}${request.url}`];
  if (deps.config.trustProxy) urls.push(`${request.protocol}://${request.host}${request.url}`);
  return urls;
}

function verifyTwilio(deps: AppDeps, authToken: string, request: FastifyRequest, params: Record<string, string>) {
  const signature = request.headers['x-twilio-signature'];
  if (typeof signature !== 'string' || !signedUrls(deps, request).some((url) => twilio.validateRequest(authToken, signature, url, params))) {
    request.log.warn({ url: request.url }, 'Twilio webhook with a missing or wrong signature');
    throw forbidden(MSG.webhookSignature);
  }
}

const sendTwiml = (reply: FastifyReply, text: string | null) => reply.header('content-type', 'text/xml; charset=utf-8').send(twiml(text));

export function registerSmsRoutes(app: FastifyInstance, deps: AppDeps) {
  const twilioConfig = deps.config.sms.twilio;
  if (twilioConfig) {
    rawRoute(app, deps, systemApi.twilioInbound, async ({ body: params }, _ctx, reply, request) => {
      verifyTwilio(deps, twilioConfig.authToken, request, params);
      const result = await handleInboundSms(deps, {
        from: params.From ?? '',
        to: params.To ?? '',
        body: params.Body ?? '',
        mediaUrl: Number(params.NumMedia ?? 0) > 0 ? (params.MediaUrl0 ?? null) : null,
        messagingServiceSid: params.MessagingServiceSid ?? null,
        provider: 'twilio',
        providerId: params.MessageSid ?? params.SmsSid ?? null,
      });
      if (result.reply && result.locationId && result.conversationId) {
        await recordKeywordReply(deps, { locationId: result.locationId, conversationId: result.conversationId, body: result.reply });
      }
      return sendTwiml(reply, result.reply);
    });

    rawRoute(app, deps, systemApi.twilioStatus, async ({ body: params }, _ctx, reply, request) => {
      verifyTwilio(deps, twilioConfig.authToken, request, params);
      const sid = params.MessageSid ?? params.SmsSid;
      const status = (params.MessageStatus ?? params.SmsStatus ?? '').toLowerCase();
      const errorCode = params.ErrorCode ? Number(params.ErrorCode) : null;
      if (sid && status) {
        // Forward only, decided in the UPDATE itself: two callbacks arriving together ('sent' and
        // 'delivered') each re-check the row as the other left it, so the later status always stays.
        const moved = await deps.db.$queryRaw<{ id: number }[]>`
          UPDATE sms_messages
             SET status = ${status}, error_code = COALESCE(${errorCode}::int, error_code), updated_at = now()
           WHERE provider_id = ${sid}
             AND COALESCE((${STATUS_RANK_JSON}::jsonb ->> status)::int, 0) <= COALESCE((${STATUS_RANK_JSON}::jsonb ->> ${status}::text)::int, 0)
          RETURNING id`;
        if (moved[0]) await deliveryStatusChanged(deps, moved[0].id);
        const row = errorCode === 21610 ? await deps.db.smsMessage.findUnique({ where: { providerId: sid }, select: { locationId: true, to: true } }) : null;
        if (row?.locationId) {
          await recordConsent(deps.db, {
            locationId: row.locationId,
            channel: 'sms',
            address: row.to,
            scope: 'all',
            action: 'opt_out',
            source: 'provider',
            detail: '21610',
          });
        }
      }
      return reply.code(204).send();
    });

    // A voice review's recording is ready ("Call me!" on the public review page).
    rawRoute(app, deps, systemApi.twilioRecording, async ({ body: params, query }, _ctx, reply, request) => {
      verifyTwilio(deps, twilioConfig.authToken, request, params);
      const dispatchId = Number(query.dispatch);
      if (params.RecordingStatus === 'completed' && params.RecordingUrl && Number.isInteger(dispatchId) && dispatchId > 0) {
        await attachAudioReview(deps, dispatchId, `${params.RecordingUrl}.mp3`);
      }
      return reply.code(204).send();
    });
  } else {
    // Local mode: a person answers as the customer from the Dev outbox, through the same inbound path.
    route(app, deps, systemApi.devOutboxReply, async ({ body }) => {
      const result = await handleInboundSms(deps, { from: body.from, to: body.to, body: body.body, provider: 'local' });
      if (result.reply) {
        // Written straight to the outbox: the confirmation of a STOP must reach the customer once more.
        const to = normalizeAddress('sms', body.from);
        const row = await deps.db.outboxMessage.create({
          data: { channel: 'sms', locationId: result.locationId, to, from: normalizeAddress('sms', body.to), body: result.reply },
        });
        const log = await deps.db.smsMessage.create({
          data: {
            locationId: result.locationId,
            direction: 'outbound',
            to,
            from: normalizeAddress('sms', body.to),
            body: result.reply,
            provider: 'local',
            providerId: `outbox-${row.id}`,
            status: 'sent',
          },
        });
        if (result.locationId && result.conversationId) {
          await recordKeywordReply(deps, { locationId: result.locationId, conversationId: result.conversationId, body: result.reply, smsMessageId: log.id });
        }
      }
      return { location_id: result.locationId, reply: result.reply };
    });
  }
}
