import {
  CSRF_COOKIE,
  CSRF_HEADER,
  fillPath,
  MSG,
  type CallArgs,
  type EndpointData,
  type EndpointDef,
  type RawEndpointDef,
} from '@kudo/shared';

/** A failed call: the HTTP status, the server's message and its per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiResult<T> {
  data: T;
  message?: string;
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** Listeners told when the server says the session is gone, so the app can return to login. */
const unauthorizedListeners = new Set<() => void>();
export const onUnauthorized = (fn: () => void) => {
  unauthorizedListeners.add(fn);
  return () => unauthorizedListeners.delete(fn);
};

/**
 * The one way the SPA talks to the API: typed by the endpoint's definition in the shared registry,
 * so a field renamed on either side fails type-checking on the other.
 */
export async function callWithMessage<E extends EndpointDef>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<ApiResult<EndpointData<E>>> {
  const { body, query, params } = (input ?? {}) as { body?: unknown; query?: Record<string, unknown>; params?: Record<string, string | number> };
  let url = `/api${fillPath(endpoint.path, params)}`;
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (endpoint.method !== 'GET') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
    if (body instanceof FormData) {
      // A multipart upload: the browser writes the content type with its boundary.
      payload = body;
    } else if (body !== undefined) {
      if (endpoint.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(body as Record<string, string>).toString();
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
    }
  }
  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  let json: { status?: number; data?: unknown; message?: string; errors?: Record<string, string> } | undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // An HTML error page from a proxy: never show its body.
    json = undefined;
  }
  if (!response.ok || !json || json.status !== 1) {
    if (response.status === 401 && endpoint.access.kind !== 'public') unauthorizedListeners.forEach((fn) => fn());
    throw new ApiError(response.status, json?.message ?? MSG.somethingWentWrong, json?.errors ?? {});
  }
  return { data: json.data as EndpointData<E>, message: json.message };
}

/** Uploads a multipart form (a file and its fields) to an endpoint that takes one. */
export async function callUpload<E extends EndpointDef>(endpoint: E, form: FormData): Promise<EndpointData<E>> {
  const args = [{ body: form }] as unknown as CallArgs<E>;
  return (await callWithMessage(endpoint, ...args)).data;
}

export async function call<E extends EndpointDef>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<EndpointData<E>> {
  return (await callWithMessage(endpoint, ...args)).data;
}

/**
 * Calls an endpoint that answers a file (a raw endpoint): the Response itself, to read as a stream. `accept` names
 * the form wanted when the endpoint answers several (one of its `produces` types). A failure answers the JSON error
 * envelope, thrown as ApiError like every call.
 */
export async function callRaw(endpoint: RawEndpointDef, body: unknown, accept?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(accept ? { accept } : {}) };
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(`/api${endpoint.path}`, { method: endpoint.method, headers, body: JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const json = (await response.json().catch(() => undefined)) as { message?: string; errors?: Record<string, string> } | undefined;
    throw new ApiError(response.status, json?.message ?? MSG.somethingWentWrong, json?.errors ?? {});
  }
  return response;
}
