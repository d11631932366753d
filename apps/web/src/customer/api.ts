import { fillPath, PULSECHECK_ROUTES as routes, type CallArgs, type EndpointData, type EndpointInput, type pulsecheckApi } from '@kudo/shared';

type Endpoints = typeof pulsecheckApi;

/** A failed call: the HTTP status and the server's message. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One pulseCheck call of the registry (packages/shared/src/endpoints/pulsecheck.ts), typed by its definition
 * like the dashboard's client. Only the calls' paths are imported, never their schemas: the customer
 * bundle carries no validation library.
 */
async function call<K extends keyof typeof routes>(name: K, ...[input]: CallArgs<Endpoints[K]>): Promise<EndpointData<Endpoints[K]>> {
  const { body, params } = (input ?? {}) as { body?: unknown; params?: Record<string, string> };
  const { method, path } = routes[name];
  let response: Response;
  try {
    response = await fetch(`/api${fillPath(path, params)}`, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    throw new CallError(0, 'Could not reach us. Check your connection and try again.');
  }
  const json = (await response.json().catch(() => null)) as { status?: number; data?: unknown; message?: string } | null;
  if (!response.ok || !json || json.status !== 1) throw new CallError(response.status, json?.message ?? 'Something went wrong!');
  return json.data as EndpointData<Endpoints[K]>;
}

export type Validation = EndpointData<Endpoints['validateToken']>;
export type PublicCampaign = EndpointData<Endpoints['tokenCampaigns']>['campaigns'][number];
export type LocationData = EndpointData<Endpoints['tokenLocation']>;
export type Bio = EndpointData<Endpoints['bioPage']>;
type SubmitBody = EndpointInput<Endpoints['submitStep']>['body'];

export const api = {
  sampleToken: (campaignUID: string) => call('sampleToken', { params: { campaignUID } }),
  validate: (token: string) => call('validateToken', { params: { token } }),
  campaigns: (token: string) => call('tokenCampaigns', { params: { token } }),
  location: (token: string, campaignUID: string) => call('tokenCampaignLocation', { params: { token, campaignUID } }),
  // The steps build their own answers; the server validates each against the registry's schema.
  submit: (token: string, campaignUID: string, step: { type: string; data: unknown }) =>
    call('submitStep', { params: { token, campaignUID }, body: step as SubmitBody }),
  bio: (campaignUID: string) => call('bioPage', { params: { campaignUID } }),
};
