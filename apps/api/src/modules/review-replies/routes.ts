import type { FastifyInstance } from 'fastify';
import { REPLY_MSG, reviewRepliesApi as api } from '@kudo/shared';
import type { AppDeps } from '../../http/context.js';
import { Answer, route } from '../../http/route.js';
import * as drafts from './drafts.js';
import * as settings from './settings.js';

export function registerReviewReplyRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, api.loadSettings, (_input, ctx) => settings.loadSettings(ctx));
  route(app, deps, api.saveSettings, async ({ body }, ctx) => new Answer(await settings.saveSettings(ctx, body), REPLY_MSG.settingsSaved));
  route(app, deps, api.listRules, (_input, ctx) => settings.listRules(ctx));
  route(app, deps, api.createRule, async ({ body }, ctx) => new Answer(await settings.createRule(ctx, body), REPLY_MSG.ruleCreated));
  route(app, deps, api.updateRule, async ({ params, body }, ctx) => new Answer(await settings.updateRule(ctx, params.id, body), REPLY_MSG.ruleSaved));
  route(app, deps, api.deleteRule, async ({ params }, ctx) => new Answer(await settings.deleteRule(ctx, params.id), REPLY_MSG.ruleDeleted));
  route(app, deps, api.activity, (_input, ctx) => settings.activity(ctx));
  route(app, deps, api.draft, ({ params }, ctx) => drafts.loadDraft(ctx, params.id));
  route(app, deps, api.saveBioReply, async ({ params, body }, ctx) => new Answer(await drafts.saveBioReply(ctx, params.id, body.comment), REPLY_MSG.replyPosted));
  route(app, deps, api.deleteBioReply, async ({ params }, ctx) => new Answer(await drafts.deleteBioReply(ctx, params.id), REPLY_MSG.replyRemoved));
}
