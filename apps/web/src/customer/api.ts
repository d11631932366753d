import type { FlowMode, Mood, PublicLocationData } from '@kudo/shared';

/** A failed call: the HTTP status and the server's message. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    throw new CallError(0, 'Could not reach us. Check your connection and try again.');
  }
  const json = (await response.json().catch(() => null)) as { status?: number; data?: T; message?: string } | null;
  if (!response.ok || !json || json.status !== 1) throw new CallError(response.status, json?.message ?? 'Something went wrong!');
  return json.data as T;
}

export interface Validation {
  is_valid: boolean;
  is_test: boolean;
  campaign_uid: string;
  mood: Mood | null;
  answered: string[];
}
export interface PublicCampaign {
  uid: string;
  campaign_uid: string;
  name: string;
  image: string;
}
export type LocationData = PublicLocationData & { custom_flow_mode: FlowMode };
export interface Bio {
  bio_profile: {
    logo_url: string | null;
    logo_bkg_color: string;
    campaign_img_url: string;
    campaign_name: string;
    company_name: string;
    rating: number | null;
    review_count: number;
    license: string;
    department: string;
    description: string;
    video_id: string | null;
    whitelabel: boolean;
  };
  reviews: { transaction_id: number; user_rating: number; text: string; time_diff_expr: string; posted_at: string; name: string; source: string; sm_title: string }[];
}

const seg = encodeURIComponent;

export const api = {
  sampleToken: (campaignUid: string) => request<{ token: string }>('GET', `/webapps/sample-pulsecheck/${seg(campaignUid)}/token`),
  validate: (token: string) => request<Validation>('GET', `/webapps/pulsecheck/${seg(token)}/validate`),
  campaigns: (token: string) => request<{ campaigns: PublicCampaign[] }>('GET', `/webapps/pulsecheck/${seg(token)}/campaigns`),
  location: (token: string, campaignUid: string) =>
    request<LocationData>('GET', `/webapps/pulsecheck/${seg(campaignUid)}/${seg(token)}/location`),
  submit: (token: string, campaignUid: string, step: { type: string; data: unknown }) =>
    request<{ type: string }>('POST', `/kudo/application/pulsecheck/${seg(campaignUid)}/${seg(token)}/submit`, step),
  bio: (campaignUid: string) => request<Bio>('GET', `/webapps/bio/${seg(campaignUid)}`),
};
