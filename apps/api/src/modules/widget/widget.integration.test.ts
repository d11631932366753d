import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { buildApp } from '../../app.js';
import { createDb } from '../../lib/db.js';
import { listedReviewWhere, publicReviewWhere } from '../../lib/public-reviews.js';
import { Agent, createTestApp, json, loginAs, grantAddons } from '../../../test/helpers.js';
import { useDemoApp } from '../../../test/fixture.js';

const t = useDemoApp({ roles: [] });

const austinWidget = () => t.db.widgetSetting.findUniqueOrThrow({ where: { locationId: t.austinId } });
const dallasWidget = () => t.db.widgetSetting.findUniqueOrThrow({ where: { locationId: t.dallasId } });

/** Every endpoint of the area that needs a session, with a valid request. */
const dispatchEndpoints: [string, string, unknown?][] = [
  ['GET', '/api/settings/dispatch/web-widget/load'],
  ['GET', '/api/widget/gsd/data/refresh'],
  ['POST', '/api/widget/get-code-snippets'],
  ['POST', '/api/settings/dispatch/web-widget/email-webmaster', { email: 'web@example.com' }],
  ['POST', '/api/settings/share/review-widget'],
  ['POST', '/api/settings/kudo/save-widget-settings', { settings: { theme: 3 } }],
  ['GET', '/api/settings/dispatch/review-widget/load'],
  ['POST', '/api/widget/facebook-tab/add-tab'],
];
const chatEndpoints: [string, string, unknown?][] = [
  ['POST', '/api/settings/kudo/web-chat/enable'],
  ['POST', '/api/settings/kudo/web-chat/disable'],
  ['POST', '/api/settings/kudo/web-chat/save', { greeting: 'Hello there', color: '#123456', orientation: 'left' }],
];
const allEndpoints = [...dispatchEndpoints, ...chatEndpoints];

describe('access', () => {
  it.each(allEndpoints)('%s %s answers 403 to a user without the settings permission', async (method, url, payload) => {
    const staff = await loginAs(t.app, t.db, 'staff@kudo.test');
    const before = await austinWidget();
    const res = await staff.request(method, url, payload);
    expect(res.statusCode).toBe(403);
    expect(await austinWidget()).toEqual(before);
  });

  it.each(allEndpoints)('%s %s is closed to the lite trial and to the Dallas trial', async (method, url, payload) => {
    const lite = await loginAs(t.app, t.db, 'lite@kudo.test');
    expect((await lite.request(method, url, payload)).statusCode).toBe(403);
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const before = await dallasWidget();
    expect((await owner.request(method, url, payload)).statusCode).toBe(403);
    expect(await dallasWidget()).toEqual(before);
  });
});

describe('E073 load, E075 snippets, E077 share, E079 review widget', () => {
  it('answers the snippets with the location’s key and the settings', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const w = await austinWidget();
    const res = json(await admin.get('/api/settings/dispatch/web-widget/load'));
    expect(res.status).toBe(1);
    expect(res.data.snippets.web_widget).toBe(
      `<script async src="http://kudo.test/widget/kudo-widget.js" data-kudo-widget="${w.widgetKey}"></script>`,
    );
    expect(res.data.snippets.static_container).toContain('id="kudo_widget_static_container"');
    expect(res.data.widgetSetting).toMatchObject({
      widgetKey: w.widgetKey,
      widgetUrl: `http://kudo.test/preview-review-widget/${w.widgetKey}`,
      chatAvailable: true,
      reviewCount: await t.db.review.count({ where: publicReviewWhere(t.austinId) }),
      approvedCount: await t.db.review.count({ where: listedReviewWhere(t.austinId) }),
      settings: {
        showActivityAlert: 1,
        showImages: 1,
        showRatingsAlways: 1,
        showaudio: 0,
        phoneNumber: '+15125550100',
        showpullout: 1,
        color: '#1F4E79',
        fontColor: '#FFFFFF',
        orientation: 'right',
        theme: 2,
        positionFixed: 0,
      },
      chat: { enabled: 0 },
    });
    expect(w.widgetKey).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const snippets = json(await admin.post('/api/widget/get-code-snippets'));
    expect(snippets.data.snippets).toEqual(res.data.snippets);
    const share = json(await admin.post('/api/settings/share/review-widget'));
    expect(share.data).toEqual({ url: res.data.widgetSetting.widgetUrl, widgetKey: w.widgetKey });
    const review = json(await admin.get('/api/settings/dispatch/review-widget/load'));
    expect(review.data.settings).toEqual(res.data.widgetSetting.settings);
  });

  it('creates the widget with defaults for a location that has none yet', async () => {
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false, trialEndsAt: null } });
    await t.db.widgetSetting.delete({ where: { locationId: t.dallasId } });
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
    const res = json(await owner.get('/api/settings/dispatch/web-widget/load'));
    expect(res.data.widgetSetting.settings).toMatchObject({ showpullout: 0, color: '#DDDDDD', fontColor: '#FFFFFF', theme: 1 });
    expect(res.data.widgetSetting.chatAvailable).toBe(false);
    const created = await dallasWidget();
    expect(res.data.widgetSetting.widgetKey).toBe(created.widgetKey);
    expect(created.widgetKey).not.toBe((await austinWidget()).widgetKey);
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: true, trialEndsAt: new Date(Date.now() + 9 * 86_400_000) } });
  });
});

describe('E078 save widget settings', () => {
  it('saves a subset, normalizes the phone, and says what happened to the dot', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const saved = json(
      await admin.post('/api/settings/kudo/save-widget-settings', {
        settings: { theme: 4, color: '#abc', orientation: 'left', phoneNumber: '(512) 555-0199', showaudio: 1 },
      }),
    );
    expect(saved.message).toBe(MSG.widgetSettingsSaved);
    expect(saved.data.settings).toMatchObject({ theme: 4, color: '#ABC', orientation: 'left', phoneNumber: '+15125550199', showaudio: 1, showpullout: 1 });
    let w = await austinWidget();
    expect(w).toMatchObject({ theme: 4, color: '#ABC', orientation: 'left', phoneNumber: '+15125550199', showAudio: true });

    const eleven = json(await admin.post('/api/settings/kudo/save-widget-settings', { settings: { phoneNumber: '1-512-555-0123' } }));
    expect(eleven.data.settings.phoneNumber).toBe('+15125550123');
    const cleared = json(await admin.post('/api/settings/kudo/save-widget-settings', { settings: { phoneNumber: '' } }));
    expect(cleared.data.settings.phoneNumber).toBe('');

    const disabled = json(await admin.post('/api/settings/kudo/save-widget-settings', { settings: { showpullout: 0 } }));
    expect(disabled.message).toBe(MSG.dotDisabled);
    expect((await austinWidget()).showPullout).toBe(false);
    const enabled = json(await admin.post('/api/settings/kudo/save-widget-settings', { settings: { showpullout: 1 } }));
    expect(enabled.message).toBe(MSG.dotEnabled);
    const again = json(await admin.post('/api/settings/kudo/save-widget-settings', { settings: { showpullout: 1, positionFixed: 1 } }));
    expect(again.message).toBe(MSG.widgetSettingsSaved);
    w = await austinWidget();
    expect(w).toMatchObject({ showPullout: true, positionFixed: true });
  });

  const bad: [string, unknown, string][] = [
    ['a phone of 9 digits', { phoneNumber: '512555012' }, MSG.widgetInvalidPhone],
    ['11 digits not starting with 1', { phoneNumber: '25125550100' }, MSG.widgetInvalidPhone],
    ['letters only', { phoneNumber: 'call me' }, MSG.widgetInvalidPhone],
    ['theme 6', { theme: 6 }, MSG.widgetInvalidTheme],
    ['theme 0', { theme: 0 }, MSG.widgetInvalidTheme],
    ['theme 2.5', { theme: 2.5 }, MSG.widgetInvalidTheme],
    ['orientation top', { orientation: 'top' }, MSG.widgetInvalidOrientation],
    ['a colour name', { color: 'red' }, MSG.widgetInvalidColor],
    ['a font colour with a script', { fontColor: '#fff"><script>' }, MSG.widgetInvalidColor],
    ['a flag of 2', { showImages: 2 }, MSG.widgetInvalidFlag],
    ['a flag as text', { showpullout: 'yes' }, MSG.widgetInvalidFlag],
    ['no settings', {}, MSG.widgetNothingToSave],
  ];
  it.each(bad)('refuses %s with its message and changes nothing', async (_name, settings, message) => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const before = await austinWidget();
    // A valid field beside the bad one is not saved either.
    const body = Object.keys(settings as object).length ? { theme: 5, ...(settings as object) } : {};
    const res = await admin.post('/api/settings/kudo/save-widget-settings', { settings: body });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await austinWidget()).toEqual(before);
  });

  it('refuses a body without settings', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = await admin.post('/api/settings/kudo/save-widget-settings', { theme: 3 });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.widgetNothingToSave);
  });
});

describe('E074 refresh', () => {
  it('computes the public data again and reports the counts', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = json(await admin.get('/api/widget/gsd/data/refresh'));
    expect(res.message).toBe(MSG.widgetsRefreshed);
    const total = await t.db.review.count({ where: publicReviewWhere(t.austinId) });
    const approved = await t.db.review.count({ where: listedReviewWhere(t.austinId) });
    expect(res.data).toMatchObject({ reviewCount: total, approvedCount: approved });
    // The 40 seeded site reviews and the pulseCheck answers with a written or recorded review.
    expect(total).toBeGreaterThan(40);
    expect(total).toBeLessThan(await t.db.review.count({ where: { locationId: t.austinId } }));
    const w = await austinWidget();
    expect(w.dataCachedAt?.toISOString()).toBe(res.data.refreshedAt);
    expect((JSON.parse(w.dataCache!) as { aggregateRating: { reviewCount: number } }).aggregateRating.reviewCount).toBe(total);
  });
});

describe('E076 email the webmaster', () => {
  it('sends the snippet and the steps', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = json(await admin.post('/api/settings/dispatch/web-widget/email-webmaster', { email: ' WebMaster@Example.com ' }));
    expect(res).toMatchObject({ status: 1, message: MSG.widgetEmailSent, data: { email: 'webmaster@example.com' } });
    const mail = await t.db.outboxMessage.findFirstOrThrow({ where: { to: 'webmaster@example.com' }, orderBy: { id: 'desc' } });
    const w = await austinWidget();
    expect(mail.locationId).toBe(t.austinId);
    expect(mail.subject).toContain('Demo Plumbing Austin');
    expect(mail.body).toContain(`data-kudo-widget="${w.widgetKey}"`);
    expect(mail.body).toContain('kudo_widget_static_container');
    expect(mail.html).toContain('&lt;script async src=');
  });

  it.each([['not-an-email'], [''], ['a@b']])('refuses %j', async (email) => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const before = await t.db.outboxMessage.count();
    const res = await admin.post('/api/settings/dispatch/web-widget/email-webmaster', { email });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.validEmail);
    expect(await t.db.outboxMessage.count()).toBe(before);
  });
});

describe('E080 Facebook tab', () => {
  it('needs a connected Facebook page, then records the tab', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    await t.db.facebookConnection.deleteMany({ where: { locationId: t.austinId } });
    const refused = await admin.post('/api/widget/facebook-tab/add-tab');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe(MSG.widgetFacebookPageFirst);
    expect((await austinWidget()).facebookTabPageId).toBeNull();

    await t.db.facebookConnection.create({ data: { locationId: t.austinId, status: 'connected', pages: [] } });
    expect((await admin.post('/api/widget/facebook-tab/add-tab')).statusCode).toBe(400);

    await t.db.facebookConnection.update({
      where: { locationId: t.austinId },
      data: { pageSelectedId: '1234567890', pageSelectedName: 'Demo Plumbing' },
    });
    const res = json(await admin.post('/api/widget/facebook-tab/add-tab'));
    expect(res.message).toBe(MSG.widgetInstalled);
    expect(res.data).toMatchObject({ pageId: '1234567890', pageName: 'Demo Plumbing' });
    expect((await austinWidget()).facebookTabPageId).toBe('1234567890');
    const load = json(await admin.get('/api/settings/dispatch/web-widget/load'));
    expect(load.data.widgetSetting.facebookTab.pageId).toBe('1234567890');
  });
});

describe('E081–E083 chat widget', () => {
  it('enables, saves and disables', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const on = json(await admin.post('/api/settings/kudo/web-chat/enable'));
    expect(on).toMatchObject({ message: MSG.chatWidgetEnabled, data: { chat: { enabled: 1 } } });
    expect((await austinWidget()).chatEnabled).toBe(true);
    const saved = json(
      await admin.post('/api/settings/kudo/web-chat/save', { greeting: '  Questions? Text us!  ', color: '#0a0', orientation: 'left' }),
    );
    expect(saved).toMatchObject({
      message: MSG.widgetSettingsSaved,
      data: { chat: { enabled: 1, greeting: 'Questions? Text us!', color: '#0A0', orientation: 'left' } },
    });
    const off = json(await admin.post('/api/settings/kudo/web-chat/disable'));
    expect(off).toMatchObject({ message: MSG.chatWidgetDisabled, data: { chat: { enabled: 0, greeting: 'Questions? Text us!' } } });
  });

  const bad: [string, unknown, string][] = [
    ['an empty greeting', { greeting: '  ', color: '#123456', orientation: 'left' }, MSG.chatWidgetInvalidGreeting],
    ['a long greeting', { greeting: 'x'.repeat(201), color: '#123456', orientation: 'left' }, MSG.chatWidgetInvalidGreeting],
    ['a bad colour', { greeting: 'Hi', color: 'blue', orientation: 'left' }, MSG.widgetInvalidColor],
    ['a bad position', { greeting: 'Hi', color: '#123456', orientation: 'middle' }, MSG.widgetInvalidOrientation],
  ];
  it.each(bad)('refuses %s and changes nothing', async (_name, body, message) => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const before = await austinWidget();
    const res = await admin.post('/api/settings/kudo/web-chat/save', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(await austinWidget()).toEqual(before);
  });
});

describe('public widget data', () => {
  it('answers the rating over all reviews, the approved reviews and the dot, open to any origin', async () => {
    const w = await austinWidget();
    const res = await t.app.inject({ method: 'GET', url: `/api/widget/${w.widgetKey}/data`, headers: { origin: 'https://customer.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.headers['set-cookie']).toBeUndefined();
    const { data } = json(res);
    const all = await t.db.review.findMany({ where: publicReviewWhere(t.austinId) });
    const mean = all.reduce((s, r) => s + r.rating, 0) / all.length;
    expect(data.aggregateRating).toEqual({ ratingValue: Math.round(mean * 10) / 10, reviewCount: all.length });
    const approved = await t.db.review.findMany({
      where: listedReviewWhere(t.austinId),
      orderBy: [{ postedAt: 'desc' }, { id: 'desc' }],
      take: 20,
    });
    expect(data.reviews.map((r: { id: number }) => r.id)).toEqual(approved.map((r) => r.id));
    expect(data.reviews).toHaveLength(20);
    expect(data.business.name).toBe('Demo Plumbing Austin');
    expect(data.settings.theme).toBe(w.theme);
    expect(data.allReviewsUrl).toBeTruthy();
    // Campaign pictures are absolute (the widget runs on other sites) and belong to this location.
    const withCampaign = data.reviews.filter((r: { campaign: unknown }) => r.campaign !== null);
    expect(withCampaign.length).toBeGreaterThan(0);
    const names = new Set((await t.db.campaign.findMany({ where: { locationId: t.austinId } })).map((c) => c.name));
    for (const r of withCampaign) {
      expect(names.has(r.campaign.name)).toBe(true);
      expect(r.campaign.image).toMatch(/^http:\/\/kudo\.test\/|^https:\/\//);
    }
  });

  it('never shows a campaign of another location', async () => {
    const dallasCampaign = await t.db.campaign.create({
      data: { locationId: t.dallasId, uid: 'dallasWidget1', name: 'Dallas Tech', description: '', department: 'Service', image: '/demo/x.svg' },
    });
    const austinReview = await t.db.review.findFirstOrThrow({ where: { locationId: t.austinId, approvedForWidget: true }, orderBy: { postedAt: 'desc' } });
    await t.db.review.update({ where: { id: austinReview.id }, data: { campaignId: dallasCampaign.id } });
    const w = await austinWidget();
    await t.db.widgetSetting.update({ where: { id: w.id }, data: { dataCachedAt: null } });
    const { data } = json(await t.app.inject({ method: 'GET', url: `/api/widget/${w.widgetKey}/data` }));
    const shown = data.reviews.find((r: { id: number }) => r.id === austinReview.id);
    expect(shown).toBeDefined();
    expect(shown.campaign).toBeNull();
  });

  it('never shows another location’s reviews', async () => {
    const dallas = await dallasWidget();
    const { data } = json(await t.app.inject({ method: 'GET', url: `/api/widget/${dallas.widgetKey}/data` }));
    const austinIds = new Set((await t.db.review.findMany({ where: { locationId: t.austinId } })).map((r) => r.id));
    expect(data.business.name).toBe('Demo Plumbing Dallas');
    expect(data.aggregateRating.reviewCount).toBe(await t.db.review.count({ where: publicReviewWhere(t.dallasId) }));
    expect(data.reviews.length).toBeGreaterThan(0);
    for (const r of data.reviews) expect(austinIds.has(r.id)).toBe(false);
  });

  it('shows a settings change at once and an unapproved review never', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const w = await austinWidget();
    await t.app.inject({ method: 'GET', url: `/api/widget/${w.widgetKey}/data` });
    const hidden = await t.db.review.create({
      data: { locationId: t.austinId, source: 'kudo', authorName: 'Hidden Person', rating: 1, text: 'Not approved', postedAt: new Date(), approvedForWidget: false },
    });
    await admin.post('/api/settings/kudo/save-widget-settings', { settings: { theme: 5 } });
    const { data } = json(await t.app.inject({ method: 'GET', url: `/api/widget/${w.widgetKey}/data` }));
    expect(data.settings.theme).toBe(5);
    expect(data.reviews.some((r: { id: number }) => r.id === hidden.id)).toBe(false);
    expect(data.aggregateRating.reviewCount).toBe(await t.db.review.count({ where: publicReviewWhere(t.austinId) }));
  });

  it('tells the script whether the website chat is on, with only its greeting and look', async () => {
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const w = await austinWidget();
    const chatOf = async (key: string) => json(await t.app.inject({ method: 'GET', url: `/api/widget/${key}/data` })).data.chat;
    expect(await chatOf(w.widgetKey)).toEqual({ enabled: false, greeting: '', color: '', orientation: 'right' });
    await admin.post('/api/settings/kudo/web-chat/enable');
    await admin.post('/api/settings/kudo/web-chat/save', { greeting: 'Questions? Text us!', color: '#0a0', orientation: 'left' });
    // Switching the chat on or changing it shows at once, not after the minute the data is kept.
    expect(await chatOf(w.widgetKey)).toEqual({ enabled: true, greeting: 'Questions? Text us!', color: '#0A0', orientation: 'left' });

    // Without a live web-chat subscription the switch alone shows no chat (Dallas has none).
    const dallas = await dallasWidget();
    await t.db.widgetSetting.update({ where: { id: dallas.id }, data: { chatEnabled: true, dataCachedAt: null } });
    expect((await chatOf(dallas.widgetKey)).enabled).toBe(false);
    await t.db.widgetSetting.update({ where: { id: dallas.id }, data: { chatEnabled: false, dataCachedAt: null } });

    await t.db.subscription.update({ where: { locationId: t.austinId }, data: { status: 'canceled' } });
    await t.db.widgetSetting.update({ where: { id: w.id }, data: { dataCachedAt: null } });
    expect(await chatOf(w.widgetKey)).toEqual({ enabled: false, greeting: '', color: '', orientation: 'right' });
    await t.db.subscription.update({ where: { locationId: t.austinId }, data: { status: 'active' } });
    await admin.post('/api/settings/kudo/web-chat/disable');
  });

  it('answers 404 to an unknown key, still readable cross-origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/widget/not-a-real-key/data' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ status: 0, message: MSG.widgetNotFound });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('leaves the dashboard API same-origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('public widget data: caching and revalidation', () => {
  const dataUrl = (key: string) => `/api/widget/${key}/data`;
  const get = (key: string, ifNoneMatch?: string) =>
    t.app.inject({ method: 'GET', url: dataUrl(key), headers: ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch } });
  /** As if the minute the data is kept for were over. */
  const expire = (id: number) => t.db.widgetSetting.update({ where: { id }, data: { dataCachedAt: new Date(Date.now() - 2 * 60_000) } });

  it('answers a strong ETag and public caching with stale-while-revalidate, the same while nothing changes', async () => {
    const w = await austinWidget();
    const first = await get(w.widgetKey);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const again = await get(w.widgetKey);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toBe(first.body);
    // Computed again after the minute, unchanged data keeps its text and its tag.
    await expire(w.id);
    const recomputed = await get(w.widgetKey);
    expect((await austinWidget()).dataCachedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(recomputed.headers.etag).toBe(first.headers.etag);
    expect(recomputed.body).toBe(first.body);
  });

  it('answers 304 without a body to a matching If-None-Match: strong, weak, in a list, or *', async () => {
    const w = await austinWidget();
    const { etag } = (await get(w.widgetKey)).headers as { etag: string };
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, `W/"x",,  W/${etag} ,`, '*']) {
      const res = await get(w.widgetKey, header);
      expect(res.statusCode, header).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    for (const header of ['"other"', `W/"x", "${etag.slice(2)}`, etag.slice(1, -1), `${etag} ${etag}`, '']) {
      const res = await get(w.widgetKey, header);
      expect(res.statusCode, header).toBe(200);
      expect(json(res).data.business.name).toBe('Demo Plumbing Austin');
      expect(res.headers.etag).toBe(etag);
    }
    // No current representation: * matches nothing.
    expect((await get('not-a-real-key', '*')).statusCode).toBe(404);
  });

  it('answers in every process what the last computation kept, never an older copy of its own', async () => {
    const db = createDb(t.url, 2);
    const other = await buildApp(t.config, { db });
    try {
      const w = await austinWidget();
      const here = await get(w.widgetKey);
      const there = await other.inject({ method: 'GET', url: dataUrl(w.widgetKey) });
      expect(there.headers.etag).toBe(here.headers.etag);
      // The other process computes a new copy; this one must answer it, not the one it already sent.
      await t.db.widgetSetting.update({ where: { id: w.id }, data: { theme: w.theme === 2 ? 3 : 2, dataCachedAt: null } });
      const changed = await other.inject({ method: 'GET', url: dataUrl(w.widgetKey) });
      expect(changed.headers.etag).not.toBe(here.headers.etag);
      const now = await get(w.widgetKey, here.headers.etag as string);
      expect(now.statusCode).toBe(200);
      expect(now.headers.etag).toBe(changed.headers.etag);
      expect(now.body).toBe(changed.body);
      expect(json(now).data.settings.theme).toBe(w.theme === 2 ? 3 : 2);
      await t.db.widgetSetting.update({ where: { id: w.id }, data: { theme: w.theme, dataCachedAt: null } });
    } finally {
      await other.close();
      await db.$disconnect();
    }
  });

  it('gives a new ETag when anything shown changes, and the old one then gets the full answer', async () => {
    const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Austin');
    const w = await austinWidget();
    const location = await t.db.location.findUniqueOrThrow({ where: { id: t.austinId } });
    const tags = new Set<string>();
    /** The answer now: a new tag, the old one refused as stale, the new one accepted. */
    const changed = async (before: string) => {
      const res = await get(w.widgetKey, before);
      expect(res.statusCode).toBe(200);
      const etag = res.headers.etag as string;
      expect(tags.has(etag)).toBe(false);
      tags.add(etag);
      expect((await get(w.widgetKey, etag)).statusCode).toBe(304);
      return { etag, data: json(res).data };
    };
    let etag = (await get(w.widgetKey)).headers.etag as string;
    tags.add(etag);
    try {
      // The widget's settings: shown at once.
      expect((await owner.post('/api/settings/kudo/save-widget-settings', { settings: { theme: 4 } })).statusCode).toBe(200);
      let now = await changed(etag);
      expect(now.data.settings.theme).toBe(4);
      etag = now.etag;
      // The reviews shown: an approval shows at once.
      const review = await t.db.review.create({
        data: { locationId: t.austinId, source: 'kudo', authorName: 'Newest Fan', rating: 5, text: 'Superb work', postedAt: new Date(), sentiment: 'positive', approvedForWidget: false },
      });
      expect((await get(w.widgetKey, etag)).statusCode).toBe(304);
      await owner.post('/api/analytics/customer-comments/approval', { approved: true, source: 'kudo', transaction_id: review.id });
      now = await changed(etag);
      expect(now.data.reviews[0].id).toBe(review.id);
      etag = now.etag;
      // The location's name: shown once the minute is over.
      await t.db.location.update({ where: { id: t.austinId }, data: { name: 'Demo Plumbing Austin North' } });
      await expire(w.id);
      now = await changed(etag);
      expect(now.data.business.name).toBe('Demo Plumbing Austin North');
    } finally {
      await t.db.location.update({ where: { id: t.austinId }, data: { name: location.name } });
      await t.db.widgetSetting.update({ where: { id: w.id }, data: { theme: w.theme, dataCachedAt: null } });
    }
  });
});

describe('tenancy', () => {
  it('a Dallas session sees and changes only Dallas’s widget', async () => {
    await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: false, trialEndsAt: null } });
    await grantAddons(t.db, t.dallasId, ['web-chat']);
    try {
      const owner = await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas');
      const austinBefore = await austinWidget();
      const dallas = await dallasWidget();
      const load = json(await owner.get('/api/settings/dispatch/web-widget/load'));
      expect(load.data.widgetSetting.widgetKey).toBe(dallas.widgetKey);
      expect(load.data.snippets.web_widget).not.toContain(austinBefore.widgetKey);
      expect(json(await owner.post('/api/settings/share/review-widget')).data.widgetKey).toBe(dallas.widgetKey);

      await owner.post('/api/settings/kudo/save-widget-settings', { settings: { theme: 3, color: '#FF0000', showpullout: 0 } });
      await owner.post('/api/settings/kudo/web-chat/enable');
      const refreshed = json(await owner.get('/api/widget/gsd/data/refresh'));
      expect(refreshed.data.reviewCount).toBe(await t.db.review.count({ where: publicReviewWhere(t.dallasId) }));
      expect(await dallasWidget()).toMatchObject({ theme: 3, color: '#FF0000', showPullout: false, chatEnabled: true });
      const austinAfter = await austinWidget();
      expect({ ...austinAfter, dataCache: null, dataEtag: null, dataCachedAt: null, updatedAt: null }).toEqual({
        ...austinBefore,
        dataCache: null,
        dataEtag: null,
        dataCachedAt: null,
        updatedAt: null,
      });
    } finally {
      await t.db.subscription.deleteMany({ where: { locationId: t.dallasId } });
      await t.db.location.update({ where: { id: t.dallasId }, data: { freeTrial: true, trialEndsAt: new Date(Date.now() + 9 * 86_400_000) } });
    }
  });
});

describe('the WordPress plugin download', () => {
  const url = '/api/settings/dispatch/web-widget/wordpress-plugin';
  it('is a zip with the location’s key, for settings users only', async () => {
    expect((await new Agent(t.app).get(url)).statusCode).toBe(401);
    expect((await (await loginAs(t.app, t.db, 'staff@kudo.test')).get(url)).statusCode).toBe(403);
    expect((await (await loginAs(t.app, t.db, 'lite@kudo.test')).get(url)).statusCode).toBe(403);
    expect((await (await loginAs(t.app, t.db, 'owner@kudo.test', 'Demo Plumbing Dallas')).get(url)).statusCode).toBe(403);
    const admin = await loginAs(t.app, t.db, 'admin@kudo.test');
    const res = await admin.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="kudo-reviews.zip"');
    const body = res.rawPayload;
    expect(body.readUInt32LE(0)).toBe(0x04034b50);
    const text = body.toString('latin1');
    expect(text).toContain(`define('KUDO_REVIEWS_KEY', '${(await austinWidget()).widgetKey}');`);
    expect(text).toContain("define('KUDO_REVIEWS_SCRIPT', 'http://kudo.test/widget/kudo-widget.js');");
    expect(text).not.toContain((await dallasWidget()).widgetKey);
  });
});

describe('the embeddable script', () => {
  it('is served with long caching, an ETag and a cross-origin policy', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-web-'));
    fs.mkdirSync(path.join(dir, '.embed'));
    fs.writeFileSync(path.join(dir, '.embed', 'kudo-widget.js'), '(()=>{window.kudoWidgetLoaded=1})();');
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Kudo</title>');
    const withScript = await createTestApp({ WEB_DIST: dir });
    const res = await withScript.app.inject({ method: 'GET', url: '/widget/kudo-widget.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toContain('max-age=86400');
    expect(res.body).toBe('(()=>{window.kudoWidgetLoaded=1})();');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await withScript.app.inject({ method: 'GET', url: '/widget/kudo-widget.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // The SPA's static files do not publish the dot folder.
    expect((await withScript.app.inject({ method: 'GET', url: '/.embed/kudo-widget.js' })).statusCode).toBe(404);
  });

  it('answers 404 when the web build has not made it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-web-'));
    const without = await createTestApp({ WEB_DIST: dir });
    expect((await without.app.inject({ method: 'GET', url: '/widget/kudo-widget.js' })).statusCode).toBe(404);
  });
});
