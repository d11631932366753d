import { listedReviewWhere, publicReviewWhere } from '../../lib/public-reviews.js';
import { MSG, PRODUCT, type widgetApi } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { refreshWidgetCache } from './data.js';
import {
  ensureWidget,
  previewUrl,
  settingsUpdate,
  toChatWidgetSettings,
  toReviewWidgetSettings,
  widgetSnippets,
} from './settings.js';
import type { WidgetSetting } from '../../generated/prisma/client.js';
import { escapeHtml } from '../../lib/escape.js';

type ReviewWidgetSettings = widgetApi.ReviewWidgetSettings;

async function widgetOf(ctx: LocationCtx) {
  return ensureWidget(ctx.db, ctx.location.locationId);
}

async function toWidgetSetting(ctx: LocationCtx, w: WidgetSetting): Promise<widgetApi.WidgetSetting> {
  const [reviewCount, approvedCount] = await Promise.all([
    ctx.db.review.count({ where: publicReviewWhere(ctx.location.locationId) }),
    ctx.db.review.count({ where: listedReviewWhere(ctx.location.locationId) }),
  ]);
  return {
    reviewCount,
    approvedCount,
    widgetKey: w.widgetKey,
    widgetUrl: previewUrl(ctx.config.publicUrl, w.widgetKey),
    settings: toReviewWidgetSettings(w),
    chat: toChatWidgetSettings(w),
    chatAvailable: ctx.location.subscriptions.includes('web-chat'),
    facebookTab:
      w.facebookTabPageId && w.facebookTabAt ? { pageId: w.facebookTabPageId, addedAt: w.facebookTabAt.toISOString() } : null,
    refreshedAt: w.dataCachedAt?.toISOString() ?? null,
  };
}

export async function loadWebWidget(ctx: LocationCtx) {
  const w = await widgetOf(ctx);
  return { snippets: widgetSnippets(ctx.config.publicUrl, w.widgetKey), widgetSetting: await toWidgetSetting(ctx, w) };
}

export async function getCodeSnippets(ctx: LocationCtx) {
  const w = await widgetOf(ctx);
  return { snippets: widgetSnippets(ctx.config.publicUrl, w.widgetKey) };
}

export async function refresh(ctx: LocationCtx) {
  const w = await widgetOf(ctx);
  const location = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId } });
  const now = new Date();
  const { data } = await refreshWidgetCache(ctx.db, location, w, ctx.config.publicUrl, now);
  const approvedCount = await ctx.db.review.count({ where: listedReviewWhere(location.id) });
  return { refreshedAt: now.toISOString(), reviewCount: data.aggregateRating.reviewCount, approvedCount };
}

/** The installation email: the snippet, where it goes, and the fixed-dot container. */
export function webmasterEmail(opts: { businessName: string; snippets: widgetApi.WidgetSnippets; previewUrl: string }) {
  const subject = `Please install the ${opts.businessName} review widget`;
  const steps = [
    'Copy the code below.',
    'Paste it into every page of the website, just before the closing </body> tag (or in the footer scripts setting of your site builder).',
    `Optional: to place the review button inside the page instead of floating over it, add this element where it should appear (at least 100 by 100 px): ${opts.snippets.static_container}`,
    'Publish the site and reload a page: the review button appears, and search engines can read the rating.',
  ];
  const text = [
    'Hello,',
    '',
    `${opts.businessName} uses ${PRODUCT.name} to show its customer reviews on its website. Please install the review widget:`,
    '',
    ...steps.map((s, i) => `${i + 1}. ${s}`),
    '',
    'The code:',
    '',
    opts.snippets.web_widget,
    '',
    `See the widget in action: ${opts.previewUrl}`,
    '',
    `— ${PRODUCT.name}`,
  ].join('\n');
  const html = `<div style="font-family:system-ui,sans-serif;max-width:620px;margin:auto;color:#1f2937">
<p>Hello,</p>
<p>${escapeHtml(opts.businessName)} uses ${PRODUCT.name} to show its customer reviews on its website. Please install the review widget:</p>
<ol>${steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>
<p>The code:</p>
<pre style="background:#f3f4f6;padding:12px;border-radius:6px;white-space:pre-wrap;word-break:break-all">${escapeHtml(opts.snippets.web_widget)}</pre>
<p><a href="${escapeHtml(opts.previewUrl)}">See the widget in action</a></p>
<p>— ${PRODUCT.name}</p></div>`;
  return { subject, text, html };
}

export async function emailWebmaster(ctx: LocationCtx, email: string) {
  const w = await widgetOf(ctx);
  const location = await ctx.db.location.findUniqueOrThrow({ where: { id: ctx.location.locationId } });
  const message = webmasterEmail({
    businessName: location.name,
    snippets: widgetSnippets(ctx.config.publicUrl, w.widgetKey),
    previewUrl: previewUrl(ctx.config.publicUrl, w.widgetKey),
  });
  try {
    await ctx.providers.email.send({ to: email, ...message, locationId: location.id });
  } catch (err) {
    ctx.log.error({ err }, 'webmaster email failed');
    throw new AppError(502, MSG.widgetEmailFailed);
  }
  return { email };
}

export async function share(ctx: LocationCtx) {
  const w = await widgetOf(ctx);
  return { url: previewUrl(ctx.config.publicUrl, w.widgetKey), widgetKey: w.widgetKey };
}

/** Saves a subset of the review widget settings; the message says what changed for the dot. */
export async function saveSettings(ctx: LocationCtx, input: Partial<ReviewWidgetSettings>) {
  const before = await widgetOf(ctx);
  const after = await ctx.db.widgetSetting.update({
    where: { id: before.id },
    // The public copy is recomputed on the next request so the change shows at once.
    data: { ...settingsUpdate(input), dataCachedAt: null },
  });
  const settings = toReviewWidgetSettings(after);
  let message: string = MSG.widgetSettingsSaved;
  if (!before.showPullout && after.showPullout) message = MSG.dotEnabled;
  if (before.showPullout && !after.showPullout) message = MSG.dotDisabled;
  return { settings, message };
}

export async function loadReviewWidget(ctx: LocationCtx) {
  const w = await widgetOf(ctx);
  return { settings: toReviewWidgetSettings(w) };
}

/** Records the review tab on the location's chosen Facebook page; a page must be connected first. */
export async function addFacebookTab(ctx: LocationCtx) {
  const connection = await ctx.db.facebookConnection.findUnique({ where: { locationId: ctx.location.locationId } });
  if (!connection || connection.status !== 'connected' || !connection.pageSelectedId) {
    throw badRequest(MSG.widgetFacebookPageFirst);
  }
  const w = await widgetOf(ctx);
  const now = new Date();
  await ctx.db.widgetSetting.update({
    where: { id: w.id },
    data: { facebookTabPageId: connection.pageSelectedId, facebookTabAt: now },
  });
  return { pageId: connection.pageSelectedId, pageName: connection.pageSelectedName ?? '', addedAt: now.toISOString() };
}

export async function setChatEnabled(ctx: LocationCtx, enabled: boolean) {
  const w = await widgetOf(ctx);
  const after = await ctx.db.widgetSetting.update({ where: { id: w.id }, data: { chatEnabled: enabled, dataCachedAt: null } });
  return { chat: toChatWidgetSettings(after) };
}

export async function saveChat(ctx: LocationCtx, input: { greeting: string; color: string; orientation: 'left' | 'right' }) {
  const w = await widgetOf(ctx);
  const after = await ctx.db.widgetSetting.update({
    where: { id: w.id },
    data: { chatGreeting: input.greeting, chatColor: input.color.toUpperCase(), chatOrientation: input.orientation, dataCachedAt: null },
  });
  return { chat: toChatWidgetSettings(after) };
}
