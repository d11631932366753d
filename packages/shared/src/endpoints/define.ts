import type { z } from 'zod';
import type { AccessRule } from '../access.js';

/**
 * Who may call an endpoint:
 * - public: anyone (customer pages, login, recovery); rate limited per IP;
 * - user: a logged-in user, with or without a chosen location;
 * - location: a logged-in user with a current location, passing `rule` for that location;
 * - staff: a logged-in platform staff member.
 */
export type EndpointAccess =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'location'; rule?: AccessRule }
  | { kind: 'staff' };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointDef {
  /** The number of the call in the API inventory, or a name of ours for calls it does not list. */
  id: string;
  method: HttpMethod;
  /** Fastify-style path below /api, e.g. `/internal/abracadabra/:accountId`. */
  path: string;
  summary: string;
  access: EndpointAccess;
  /** Rate-limit preset: login and public endpoints get one; dashboard calls do not. */
  rateLimit?: 'login' | 'public';
  /** The body is sent as application/x-www-form-urlencoded (recovery forms). */
  form?: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The schema of `data` in the success envelope. */
  response: z.ZodType;
}

export const defineEndpoint = <const E extends EndpointDef>(e: E): E => e;

/**
 * An endpoint that answers something other than the JSON envelope: an image, a script, TwiML, an HTML page,
 * a file download. Its access rule, rate limit and inputs work as for every endpoint; `produces` names the
 * media types of a successful answer and the schema of each (binary bodies are strings in the document).
 * Errors still answer the JSON error envelope.
 */
export interface RawEndpointDef extends Omit<EndpointDef, 'response'> {
  produces: Readonly<Record<string, z.ZodType>>;
  /** Served at `path` itself rather than below /api: an address other websites already embed. */
  outsideApi?: true;
}

export const defineRawEndpoint = <const E extends RawEndpointDef>(e: E): E => e;

type Part<E, K extends 'body' | 'query' | 'params'> = E extends { [P in K]: infer S extends z.ZodType }
  ? { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a client passes to call an endpoint. */
export type EndpointInput<E extends EndpointDef> = Part<E, 'body'> & Part<E, 'query'> & Part<E, 'params'>;
/** The `data` an endpoint answers with. */
export type EndpointData<E extends EndpointDef> = z.output<E['response']>;
/** What a handler receives after validation. */
export type EndpointRequest<E extends EndpointDef | RawEndpointDef> = {
  body: E extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;
  query: E extends { query: infer S extends z.ZodType } ? z.output<S> : undefined;
  params: E extends { params: infer S extends z.ZodType } ? z.output<S> : undefined;
};

/** Fills `:name` segments of a path. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Whether a call must pass an input: endpoints without body, query or params take none. */
export type CallArgs<E extends EndpointDef> = E extends { body: z.ZodType } | { query: z.ZodType } | { params: z.ZodType }
  ? [input: EndpointInput<E>]
  : [input?: EndpointInput<E>];
