import { randomBytes } from 'node:crypto';
import { widgetApi } from '@kudo/shared';
import type { Db } from '../../lib/db.js';
import type { WidgetSetting } from '../../generated/prisma/client.js';

type ReviewWidgetSettings = widgetApi.ReviewWidgetSettings;
type ChatWidgetSettings = widgetApi.ChatWidgetSettings;

/** A public widget key: 18 random bytes, URL-safe (24 characters). */
export const newWidgetKey = (): string => randomBytes(18).toString('base64url');

const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);

export function toReviewWidgetSettings(w: WidgetSetting): ReviewWidgetSettings {
  return {
    showActivityAlert: bit(w.showActivityAlert),
    showImages: bit(w.showImages),
    showRatingsAlways: bit(w.showRatingsAlways),
    showaudio: bit(w.showAudio),
    phoneNumber: w.phoneNumber,
    showpullout: bit(w.showPullout),
    color: w.color,
    fontColor: w.fontColor,
    orientation: w.orientation === 'left' ? 'left' : 'right',
    theme: w.theme,
    positionFixed: bit(w.positionFixed),
  };
}

export function toChatWidgetSettings(w: WidgetSetting): ChatWidgetSettings {
  return {
    enabled: bit(w.chatEnabled),
    greeting: w.chatGreeting,
    color: w.chatColor,
    orientation: w.chatOrientation === 'left' ? 'left' : 'right',
  };
}

/** The columns a partial settings update (E078) changes. */
export function settingsUpdate(s: Partial<ReviewWidgetSettings>) {
  const data: Partial<
    Pick<
      WidgetSetting,
      | 'showActivityAlert'
      | 'showImages'
      | 'showRatingsAlways'
      | 'showAudio'
      | 'phoneNumber'
      | 'showPullout'
      | 'color'
      | 'fontColor'
      | 'orientation'
      | 'theme'
      | 'positionFixed'
    >
  > = {};
  if (s.showActivityAlert !== undefined) data.showActivityAlert = s.showActivityAlert === 1;
  if (s.showImages !== undefined) data.showImages = s.showImages === 1;
  if (s.showRatingsAlways !== undefined) data.showRatingsAlways = s.showRatingsAlways === 1;
  if (s.showaudio !== undefined) data.showAudio = s.showaudio === 1;
  if (s.phoneNumber !== undefined) data.phoneNumber = s.phoneNumber;
  if (s.showpullout !== undefined) data.showPullout = s.showpullout === 1;
  if (s.color !== undefined) data.color = s.color.toUpperCase();
  if (s.fontColor !== undefined) data.fontColor = s.fontColor.toUpperCase();
  if (s.orientation !== undefined) data.orientation = s.orientation;
  if (s.theme !== undefined) data.theme = s.theme;
  if (s.positionFixed !== undefined) data.positionFixed = s.positionFixed === 1;
  return data;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The snippets a website pastes: the script tag, and the element that holds a fixed dot. */
export function widgetSnippets(publicUrl: string, key: string): widgetApi.WidgetSnippets {
  const src = `${publicUrl}${widgetApi.WIDGET_SCRIPT_PATH}`;
  return {
    web_widget: `<script async src="${escapeAttr(src)}" ${widgetApi.WIDGET_KEY_ATTRIBUTE}="${escapeAttr(key)}"></script>`,
    static_container: `<div id="${widgetApi.WIDGET_STATIC_CONTAINER_ID}" style="min-width:100px;min-height:100px"></div>`,
  };
}

export const previewUrl = (publicUrl: string, key: string) => `${publicUrl}/preview-review-widget/${encodeURIComponent(key)}`;

/** The location's widget row, created with its key and the default settings on first use. */
export async function ensureWidget(db: Db, locationId: number): Promise<WidgetSetting> {
  const existing = await db.widgetSetting.findUnique({ where: { locationId } });
  if (existing) return existing;
  return db.widgetSetting.upsert({
    where: { locationId },
    create: { locationId, widgetKey: newWidgetKey() },
    update: {},
  });
}
