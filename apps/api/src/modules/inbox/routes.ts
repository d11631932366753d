import type { FastifyInstance } from 'fastify';
import { inboxApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, rawRoute, route } from '../../http/route.js';
import { conversationBulkView, readConversationSheet, startConversationBulk } from './bulk.js';
import { exportTranscripts, transcriptsFormOf } from './export.js';
import { messagingUsage, webChatLeads } from './reports.js';
import { sendReviewRequest } from './review.js';
import * as service from './service.js';
import { InboxHub, serveInboxStream } from './stream.js';
import { startWebChat } from './webchat.js';

const CHAT_PATH = /^\/api\/widget\/[^/]+\/chat(?:\?|$)/;

export function registerInboxRoutes(app: FastifyInstance, deps: AppDeps) {
  // Live updates: one LISTEN connection per process, opened with the first stream or poll.
  const hub = new InboxHub(deps.db, app.log);
  app.addHook('preClose', () => hub.close());

  route(app, deps, api.fetchConversations, ({ body }, ctx) => service.fetchConversations(ctx, body));
  route(app, deps, api.conversationMessages, async ({ body }, ctx) => ({ conversation: await service.conversationWithMessages(ctx, body.customer_id) }));
  route(app, deps, api.readReceipt, async ({ body }, ctx) => {
    await service.setRead(ctx, body.customer_id, true);
    return null;
  });
  route(app, deps, api.markUnread, async ({ body }, ctx) => {
    await service.setRead(ctx, body.customer_id, false);
    return null;
  });
  route(app, deps, api.homeOwnerAction, async ({ body }, ctx) => {
    const { conversation, message } = await service.homeOwnerAction(ctx, body);
    return message ? new Answer({ conversation }, message) : { conversation };
  });
  route(app, deps, api.sendReviewApp, async ({ body }, ctx) => ({ message: await sendReviewRequest(ctx, body) }));
  route(app, deps, api.newConversation, ({ body }, ctx) => service.newConversation(ctx, body));
  route(app, deps, api.newConversationBulk, async (_input, ctx, _reply, request) => startConversationBulk(ctx, await readConversationSheet(request)));
  route(app, deps, api.newConversationBulkStatus, ({ params }, ctx) => conversationBulkView(ctx, ctx.location.locationId, params.id));
  // The poll (every open tab, every 3 s) answers from what the LISTEN connection hears, the query otherwise.
  route(app, deps, api.pollConversations, async (_input, ctx) => ({ value: await hub.latestMessageId(ctx.location.locationId, () => service.maxMessageId(ctx)) }));
  route(app, deps, api.sendMessage, ({ body }, ctx) => service.sendMessage(ctx, body));
  route(app, deps, api.closeAllRead, async (_input, ctx) => ({ closed: await service.closeAllRead(ctx) }));
  // The JSON envelope of columns and rows by default; the CSV file itself for Accept: text/csv.
  rawRoute(app, deps, api.exportTranscripts, async ({ body }, ctx, reply, request) => {
    const form = transcriptsFormOf(request.headers.accept);
    const out = await exportTranscripts(ctx, body, form);
    reply.header('x-total-messages', String(out.total)).header('cache-control', 'no-store').header('vary', 'Accept');
    if (form === 'json') reply.header('content-type', 'application/json; charset=utf-8');
    else reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${out.filename}"`);
    return reply.send(out.stream);
  });

  rawRoute(app, deps, api.inboxStream, (_input, ctx, reply, request) => serveInboxStream(hub, ctx.location.locationId, request, reply));

  route(app, deps, api.twmUsage, ({ body }, ctx) => messagingUsage(ctx, body));
  route(app, deps, api.webChatLoad, ({ body }, ctx) => webChatLeads(ctx, body));

  // Website chat: posted from any website (CORS open, answered to the browser's preflight).
  app.addHook('onSend', async (request, reply, payload) => {
    if (CHAT_PATH.test(request.url)) reply.header('access-control-allow-origin', '*');
    return payload;
  });
  app.options('/api/widget/:key/chat', (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .code(204)
      .send(),
  );
  route(app, deps, api.webChatLead, ({ params, body }, ctx) => startWebChat(ctx, params.key, body));
}
