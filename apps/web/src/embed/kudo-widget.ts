/**
 * The embeddable review widget. A website adds
 *   <script async src="https://<kudo host>/widget/kudo-widget.js" data-kudo-widget="<key>"></script>
 * and this script fetches the widget's public data, shows the dot and its review panel in a Shadow DOM
 * (so the site's styles and ours never mix), and adds schema.org structured data to the page head.
 */
import {
  KEY_ATTRIBUTE,
  STATIC_CONTAINER_ID,
  activityText,
  dotContentHtml,
  dotLabel,
  jsonForScript,
  panelBodyHtml,
  structuredData,
  widgetCss,
  type WidgetData,
} from './render';
import { CHAT_FIELDS, CHAT_TEXT, chatBody, chatCss, chatPanelHtml, chatProblems, type ChatField } from './chat';

const LD_ATTRIBUTE = 'data-kudo-widget-ld';
const FRESH_ATTRIBUTE = 'data-kudo-fresh';
const DRAG_THRESHOLD = 5;

// Read while the script runs: document.currentScript is null once it has finished.
const current = document.currentScript;

function findScript(): HTMLScriptElement | null {
  if (current instanceof HTMLScriptElement && current.hasAttribute(KEY_ATTRIBUTE)) return current;
  return document.querySelector<HTMLScriptElement>(`script[${KEY_ATTRIBUTE}]:not([data-kudo-widget-started])`);
}

function injectStructuredData(data: WidgetData) {
  document.head.querySelector(`script[${LD_ATTRIBUTE}]`)?.remove();
  const ld = document.createElement('script');
  ld.type = 'application/ld+json';
  ld.setAttribute(LD_ATTRIBUTE, '');
  ld.textContent = jsonForScript(structuredData(data, location.origin));
  document.head.appendChild(ld);
}

/** Lets a floating dot be dragged; a drag never counts as a click. Returns whether the last press dragged. */
function makeDraggable(wrapper: HTMLElement, handle: HTMLElement): () => boolean {
  let start: { x: number; y: number; left: number; top: number } | null = null;
  let dragged = false;
  handle.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const rect = wrapper.getBoundingClientRect();
    start = { x: e.clientX, y: e.clientY, left: rect.left, top: rect.top };
    dragged = false;
  });
  window.addEventListener('pointermove', (e) => {
    if (!start) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (!dragged && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!dragged) handle.setPointerCapture?.(e.pointerId);
    dragged = true;
    const w = wrapper.offsetWidth;
    const h = wrapper.offsetHeight;
    const left = Math.min(Math.max(0, start.left + dx), window.innerWidth - w);
    const top = Math.min(Math.max(0, start.top + dy), window.innerHeight - h);
    Object.assign(wrapper.style, { left: `${left}px`, top: `${top}px`, right: 'auto', bottom: 'auto', marginTop: '0' });
    // Open the panel towards the roomier side of the screen.
    wrapper.classList.toggle('below', top < window.innerHeight / 2);
    wrapper.classList.toggle('left', left + w / 2 < window.innerWidth / 2);
    wrapper.classList.toggle('right', left + w / 2 >= window.innerWidth / 2);
  });
  const end = () => {
    start = null;
  };
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
  return () => dragged;
}

function render(data: WidgetData, host: HTMLElement, fixed: boolean) {
  const root = host.attachShadow({ mode: 'open' });
  const { settings } = data;
  const style = document.createElement('style');
  style.textContent = `${widgetCss(settings)}\n.below .panel{bottom:auto;top:calc(100% + 12px)}`;
  root.appendChild(style);

  const wrapper = document.createElement('div');
  const side = settings.orientation === 'left' ? 'left' : 'right';
  const theme = settings.theme >= 1 && settings.theme <= 5 ? settings.theme : 1;

  if (settings.showpullout !== 1) {
    // Without the dot, the reviews show in the page's container (when the site has one).
    if (!fixed) return;
    wrapper.className = 'kw';
    const panel = document.createElement('section');
    panel.className = 'panel inline';
    panel.setAttribute('aria-label', `Reviews of ${data.business.name}`);
    panel.innerHTML = panelBodyHtml(data);
    wrapper.appendChild(panel);
    root.appendChild(wrapper);
    return;
  }

  wrapper.className = `kw ${side} ${fixed ? 'fixed' : 'float'}${theme === 4 && !fixed ? ' edge' : ''}`;
  const dot = document.createElement('button');
  dot.type = 'button';
  dot.className = `dot t${theme}`;
  dot.setAttribute('aria-label', dotLabel(data));
  dot.setAttribute('aria-expanded', 'false');
  dot.setAttribute('aria-controls', 'kw-panel');
  dot.innerHTML = dotContentHtml(data);

  const panel = document.createElement('section');
  panel.className = 'panel';
  panel.id = 'kw-panel';
  panel.hidden = true;
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', `Reviews of ${data.business.name}`);
  panel.innerHTML = `<button type="button" class="close" aria-label="Close reviews">×</button>${panelBodyHtml(data)}`;
  const close = panel.querySelector<HTMLButtonElement>('.close')!;

  let alert: HTMLElement | null = null;
  const alertText = settings.showActivityAlert === 1 ? activityText(data.recentReviewCount) : null;
  if (alertText) {
    alert = document.createElement('div');
    alert.className = 'alert';
    alert.setAttribute('role', 'status');
    alert.textContent = alertText;
  }

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    dot.setAttribute('aria-expanded', String(open));
    if (alert) alert.hidden = open;
    if (open) close.focus();
  };
  const wasDragged = fixed ? () => false : makeDraggable(wrapper, dot);
  dot.addEventListener('click', () => {
    if (wasDragged()) return;
    setOpen(panel.hidden);
  });
  close.addEventListener('click', () => {
    setOpen(false);
    dot.focus();
  });
  wrapper.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !panel.hidden) {
      setOpen(false);
      dot.focus();
    }
  });

  wrapper.append(dot, panel);
  if (alert) wrapper.appendChild(alert);
  root.appendChild(wrapper);
}

/**
 * The website chat: a button that opens a small form; what is sent becomes a text conversation with the
 * business (the visitor can leave the site and keep talking by SMS). Above a review dot on the same side.
 */
function renderChat(data: WidgetData, origin: string, key: string, stacked: boolean) {
  const { chat } = data;
  const host = document.createElement('div');
  host.setAttribute('data-kudo-chat-root', '');
  document.body.appendChild(host);
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = chatCss(chat.color);
  const wrapper = document.createElement('div');
  wrapper.className = `kc ${chat.orientation === 'left' ? 'left' : 'right'}${stacked ? ' up' : ''}`;
  const open = document.createElement('button');
  open.type = 'button';
  open.className = 'open';
  open.textContent = 'Text us';
  open.setAttribute('aria-expanded', 'false');
  open.setAttribute('aria-controls', 'kc-panel');
  const panel = document.createElement('section');
  panel.className = 'panel';
  panel.id = 'kc-panel';
  panel.hidden = true;
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-labelledby', 'kc-title');
  panel.innerHTML = chatPanelHtml(data.business.name, chat.greeting);
  wrapper.append(open, panel);
  root.append(style, wrapper);

  const $ = <T extends Element>(selector: string) => panel.querySelector<T>(selector)!;
  const form = $<HTMLFormElement>('form');
  const fail = $<HTMLElement>('.fail');
  const done = $<HTMLElement>('.done');
  const send = $<HTMLButtonElement>('.send');
  const control = (name: ChatField | 'website') => form.elements.namedItem(name) as HTMLInputElement;
  let openedAt = 0;

  const setOpen = (show: boolean) => {
    panel.hidden = !show;
    open.setAttribute('aria-expanded', String(show));
    if (!show) return open.focus();
    if (!openedAt) openedAt = Date.now();
    (form.hidden ? done : control('name')).focus();
  };
  const showProblems = (problems: Partial<Record<ChatField, string>>) => {
    for (const name of CHAT_FIELDS) {
      const text = problems[name] ?? '';
      $<HTMLElement>(`#kc-${name}-e`).textContent = text;
      if (text) control(name).setAttribute('aria-invalid', 'true');
      else control(name).removeAttribute('aria-invalid');
    }
    const first = CHAT_FIELDS.find((name) => problems[name]);
    if (first) control(first).focus();
    return Boolean(first);
  };

  open.addEventListener('click', () => setOpen(panel.hidden));
  $<HTMLButtonElement>('.close').addEventListener('click', () => setOpen(false));
  wrapper.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !panel.hidden) setOpen(false);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const input = {
      name: control('name').value,
      phone: control('phone').value,
      message: control('message').value,
      consent: control('consent').checked,
      website: control('website').value,
    };
    fail.textContent = '';
    if (showProblems(chatProblems(input))) return;
    send.disabled = true;
    send.textContent = 'Sending…';
    fetch(`${origin}/api/widget/${encodeURIComponent(key)}/chat`, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(chatBody(input, Date.now() - openedAt)),
    })
      .then(async (res) => {
        const body = (await res.json().catch(() => ({}))) as { data?: { message?: string }; message?: string; errors?: Record<string, string> };
        if (!res.ok) {
          // A field the server refused is shown by that field; anything else above the button.
          if (!showProblems(body.errors ?? {})) fail.textContent = body.message ?? CHAT_TEXT.failed;
          return;
        }
        form.hidden = true;
        done.textContent = body.data?.message ?? body.message ?? '';
        done.focus();
      })
      .catch(() => {
        fail.textContent = CHAT_TEXT.failed;
      })
      .finally(() => {
        send.disabled = false;
        send.textContent = 'Send';
      });
  });
}

async function start() {
  const script = findScript();
  if (!script) return;
  script.setAttribute('data-kudo-widget-started', '');
  const key = script.getAttribute(KEY_ATTRIBUTE) ?? '';
  if (!key) return;
  const origin = new URL(script.src, location.href).origin;
  // Websites use the data cached for a minute; the preview page asks for the newest settings.
  const fresh = script.hasAttribute(FRESH_ATTRIBUTE);
  const res = await fetch(`${origin}/api/widget/${encodeURIComponent(key)}/data`, {
    credentials: 'omit',
    cache: fresh ? 'no-store' : 'default',
  });
  if (!res.ok) throw new Error(`Kudo widget: the widget data could not be loaded (${res.status}).`);
  const body = (await res.json()) as { status: number; data: WidgetData };
  const data = body.data;
  // The page removed the script meanwhile (a single-page app that moved on): show nothing.
  if (!script.isConnected) return;
  injectStructuredData(data);

  const container = document.getElementById(STATIC_CONTAINER_ID);
  const fixed = Boolean(container) && (data.settings.positionFixed === 1 || data.settings.showpullout !== 1);
  const host = document.createElement('div');
  host.setAttribute('data-kudo-widget-root', '');
  (fixed ? container! : document.body).appendChild(host);
  render(data, host, fixed);
  if (data.chat?.enabled) {
    const floatingDot = !fixed && data.settings.showpullout === 1 && data.settings.theme !== 4;
    renderChat(data, origin, key, floatingDot && data.settings.orientation === data.chat.orientation);
  }
}

const run = () => {
  start().catch((err: unknown) => console.warn(err));
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
else run();
