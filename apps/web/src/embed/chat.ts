/**
 * The website chat of the embeddable widget, as pure strings and checks: the button, the form (name, mobile
 * number, message, agreement to be texted, a honeypot field people never see), its styles, and the checks
 * made before sending. The server checks everything again; the texts are the inbox's own.
 */
import { toE164 } from '@kudo/shared/phone';
import { readableTextOn } from '../lib/contrast';
import { escapeHtml, safeColor } from './render';

/** Kept equal to the inbox's messages and limits (a unit test checks), so the bundle takes no more of the shared package. */
export const CHAT_TEXT = {
  name: 'Please tell us your name',
  phone: 'Please provide a valid mobile number',
  message: 'Please write a message',
  consent: 'Please agree to receive text messages',
  failed: 'Your message could not be sent. Please try again.',
} as const;
export const CHAT_MESSAGE_MAX = 300;

export type ChatField = 'name' | 'phone' | 'message' | 'consent';
export const CHAT_FIELDS: ChatField[] = ['name', 'phone', 'message', 'consent'];

export interface ChatInput {
  name: string;
  phone: string;
  message: string;
  consent: boolean;
  website: string;
}

/** What the visitor still has to fix, field by field (empty when the form can be sent). */
export function chatProblems(input: ChatInput): Partial<Record<ChatField, string>> {
  const problems: Partial<Record<ChatField, string>> = {};
  if (!input.name.trim() || input.name.trim().length > 100) problems.name = CHAT_TEXT.name;
  if (!toE164(input.phone)) problems.phone = CHAT_TEXT.phone;
  if (!input.message.trim() || input.message.trim().length > CHAT_MESSAGE_MAX) problems.message = CHAT_TEXT.message;
  if (!input.consent) problems.consent = CHAT_TEXT.consent;
  return problems;
}

/** The body posted to the chat endpoint: the number in E.164, and how long the form was open. */
export const chatBody = (input: ChatInput, elapsed: number) => ({
  name: input.name.trim(),
  phone: toE164(input.phone) ?? input.phone,
  message: input.message.trim(),
  consent: input.consent,
  website: input.website,
  elapsed: Math.max(0, Math.round(elapsed)),
});

const field = (id: ChatField, label: string, control: string) =>
  `<div class="f"><label for="kc-${id}">${label}</label>${control}<p class="err" id="kc-${id}-e"></p></div>`;

/** The chat panel: heading, greeting and the form. */
export function chatPanelHtml(business: string, greeting: string): string {
  const who = escapeHtml(business);
  const describe = (id: ChatField) => `id="kc-${id}" name="${id}" aria-describedby="kc-${id}-e"`;
  return `<button type="button" class="close" aria-label="Close chat">×</button>
<h2 class="title" id="kc-title">Text ${who}</h2>
${greeting.trim() ? `<p class="greet">${escapeHtml(greeting)}</p>` : ''}
<form novalidate>
${field('name', 'Name', `<input ${describe('name')} autocomplete="name" maxlength="100">`)}
${field('phone', 'Mobile number', `<input ${describe('phone')} type="tel" autocomplete="tel" inputmode="tel" maxlength="20">`)}
${field('message', 'Message', `<textarea ${describe('message')} rows="3" maxlength="${CHAT_MESSAGE_MAX}"></textarea>`)}
<div class="hp" aria-hidden="true"><label for="kc-website">Website</label><input id="kc-website" name="website" tabindex="-1" autocomplete="off"></div>
<div class="f"><div class="consent"><input type="checkbox" ${describe('consent')}><label for="kc-consent">I agree to receive text messages from ${who} about my message. Message and data rates may apply. Reply STOP to opt out.</label></div><p class="err" id="kc-consent-e"></p></div>
<p class="fail" role="alert"></p>
<button type="submit" class="send">Send</button>
</form>
<p class="done" role="status" tabindex="-1"></p>`;
}

/** The chat's styles, with the location's chat colour. */
export function chatCss(color: string): string {
  const bg = safeColor(color, '#1F4E79');
  const fg = readableTextOn(bg);
  return `:host{all:initial;display:block}
*{box-sizing:border-box}
.kc{position:fixed;bottom:24px;z-index:2147483000;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937}
.kc.right{right:24px}.kc.left{left:24px}.kc.up{bottom:104px}
.open,.send{all:unset;box-sizing:border-box;cursor:pointer;background:${bg};color:${fg};font-weight:600;border-radius:22px;padding:11px 18px;box-shadow:0 6px 18px rgba(0,0,0,.22)}
.send{display:block;width:100%;text-align:center;border-radius:8px;box-shadow:none;margin-top:4px}
.send[disabled]{opacity:.7;cursor:progress}
.open:focus-visible,.send:focus-visible,.close:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.panel{position:absolute;bottom:calc(100% + 12px);width:min(340px,calc(100vw - 32px));max-height:min(600px,80vh);overflow:auto;background:#fff;border-radius:12px;box-shadow:0 12px 40px rgba(0,0,0,.25);padding:16px}
.right .panel{right:0}.left .panel{left:0}
.panel[hidden],.done:empty,.fail:empty,.err:empty,form[hidden]{display:none}
.close{all:unset;cursor:pointer;position:absolute;top:8px;right:10px;font-size:20px;line-height:1;padding:4px 8px;border-radius:6px;color:#58677b}
.title{margin:0 28px 4px 0;font-size:16px}
.greet{margin:0 0 10px;color:#374151}
.f{margin-bottom:10px}
label{display:block;font-weight:600;margin-bottom:3px}
input,textarea{width:100%;font:inherit;color:inherit;border:1px solid #8a94a6;border-radius:6px;padding:7px 9px;background:#fff}
textarea{resize:vertical}
[aria-invalid=true]{border-color:#b42318}
.consent{display:flex;gap:8px;align-items:flex-start}
.consent input{width:auto;margin-top:3px}
.consent label{font-weight:400;font-size:13px}
.err,.fail{margin:3px 0 0;color:#b42318;font-size:13px}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.done{margin:8px 0 0;font-weight:600}`;
}
