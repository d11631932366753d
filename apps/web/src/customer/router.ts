import { useEffect, useState } from 'preact/hooks';

export type CustomerRoute =
  | { name: 'select-campaign'; token: string }
  | { name: 'flow'; token: string; campaignUid: string; step: 'mood' | 'social-media' | 'rating' | 'review' | 'thank-you' }
  | { name: 'sample'; campaignUid: string }
  | { name: 'bio'; campaignUid: string }
  | { name: 'not-found' };

const ID = '([A-Za-z0-9_-]{4,64})';
const STEPS = ['mood', 'social-media', 'rating', 'review', 'thank-you'] as const;

/** The customer pages' routes and the old links that still reach them (3§2). */
export function matchRoute(pathname: string): CustomerRoute {
  const path = pathname.replace(/\/+$/, '') || '/';
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^/pulsecheck/${ID}$`).exec(path))) return { name: 'select-campaign', token: m[1]! };
  if ((m = new RegExp(`^/kudo/application/campaign/${ID}/default$`).exec(path))) return { name: 'select-campaign', token: m[1]! };
  if ((m = new RegExp(`^/pulsecheck/${ID}/${ID}(?:/(${STEPS.join('|')}))?$`).exec(path))) {
    return { name: 'flow', token: m[1]!, campaignUid: m[2]!, step: (m[3] as (typeof STEPS)[number] | undefined) ?? 'mood' };
  }
  if ((m = new RegExp(`^/kudo/application/pulsecheck/${ID}/${ID}$`).exec(path))) return { name: 'flow', campaignUid: m[1]!, token: m[2]!, step: 'mood' };
  if ((m = new RegExp(`^/sample-pulsecheck/${ID}$`).exec(path))) return { name: 'sample', campaignUid: m[1]! };
  if ((m = new RegExp(`^/(?:view-bio|kudo/application/bio|public/bio)/${ID}$`).exec(path))) return { name: 'bio', campaignUid: m[1]! };
  return { name: 'not-found' };
}

export const flowPath = (token: string, campaignUid: string, step: string) => `/pulsecheck/${token}/${campaignUid}/${step}`;

const listeners = new Set<() => void>();

export function navigate(to: string, replace = false) {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.scrollTo(0, 0);
  listeners.forEach((fn) => fn());
}

/** The current address, re-read on navigation and on the browser's back and forward buttons. */
export function useLocation(): { pathname: string; search: URLSearchParams } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const update = () => setTick((t) => t + 1);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return { pathname: window.location.pathname, search: new URLSearchParams(window.location.search) };
}
