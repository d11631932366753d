import type { Mood } from '@kudo/shared';

/** What the flow keeps for the browser session, per link: the mood, the campaign, a test flag (3§4). */
export interface FlowMemory {
  mood?: Mood;
  campaignUid?: string;
  test?: boolean;
  referral?: string;
}

const key = (token: string) => `kudo.pulsecheck.${token}`;

export function remember(token: string): FlowMemory {
  try {
    return JSON.parse(sessionStorage.getItem(key(token)) ?? '{}') as FlowMemory;
  } catch {
    return {};
  }
}

export function keep(token: string, patch: FlowMemory) {
  try {
    sessionStorage.setItem(key(token), JSON.stringify({ ...remember(token), ...patch }));
  } catch {
    // Private browsing without storage: the flow still works page by page.
  }
}
