import { z } from 'zod';
import type { AccessRule } from '../access.js';
import { INT_RANGE } from '../validators.js';

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

export const defineEndpoint = <const E extends EndpointDef>(e: E): E => boundInputs(e);

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

export const defineRawEndpoint = <const E extends RawEndpointDef>(e: E): E => boundInputs(e);

/**
 * Every number a request may carry fits a PostgreSQL integer, the type of every number column of the
 * database: what an endpoint's schema leaves unbounded (or bounds more widely) is held to INT_RANGE, so
 * that 1e+308 or 2^53 + 1 is a 400 naming the field instead of an error from the database. A schema's
 * own narrower bounds stand, and its own message, if it has one, tells the added bounds too. Non-finite
 * numbers (Infinity, NaN, "1e400") are refused by every zod number already.
 */
function boundInputs<E extends EndpointDef | RawEndpointDef>(e: E): E {
  return {
    ...e,
    ...(e.body ? { body: boundNumbers(e.body) } : {}),
    ...(e.query ? { query: boundNumbers(e.query) } : {}),
    ...(e.params ? { params: boundNumbers(e.params) } : {}),
  };
}

type Schema = z.core.$ZodType;
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && '_zod' in v;

/**
 * The schema with every number in it (in objects, lists, unions, defaults, pipes…) held to INT_RANGE.
 * Parts without loose numbers stay the very same schemas (a lazy part is bounded when first read);
 * rebuilt parts keep their metadata (descriptions).
 */
export function boundNumbers<S extends z.ZodType>(schema: S): S {
  return bound(schema, new Map()) as S;
}

function bound(schema: Schema, done: Map<Schema, Schema>): Schema {
  const known = done.get(schema);
  if (known) return known;
  let result = schema;
  if (schema instanceof z.ZodNumber) {
    // The bounds speak first, in the schema's own words where it has some ("Please choose a delay of …").
    const def = schema._zod.def;
    const checks = def.checks ?? [];
    const error = (def.error ?? checks.find((c) => c._zod.def.error)?._zod.def.error) as z.core.$ZodErrorMap | undefined;
    const params = error ? { error } : {};
    const bounds = [
      ...(schema.minValue! < INT_RANGE.min ? [z.gte(INT_RANGE.min, params)] : []),
      ...(schema.maxValue! > INT_RANGE.max ? [z.lte(INT_RANGE.max, params)] : []),
    ];
    if (bounds.length) result = schema.clone(z.core.util.mergeDefs(def, { checks: [...bounds, ...checks] }), { parent: true });
  } else {
    const def = schema._zod.def as unknown as Record<string, unknown>;
    const changed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(def)) {
      if (key === 'checks') continue;
      if (key === 'getter' && def.type === 'lazy') {
        const getter = value as () => Schema;
        let inner: Schema | undefined;
        changed.getter = () => (inner ??= bound(getter(), done));
      } else if (isSchema(value)) {
        const b = bound(value, done);
        if (b !== value) changed[key] = b;
      } else if (Array.isArray(value) && value.some(isSchema)) {
        const b = value.map((v) => (isSchema(v) ? bound(v, done) : v));
        if (b.some((v, i) => v !== value[i])) changed[key] = b;
      } else if (key === 'shape' && typeof value === 'object' && value !== null) {
        const entries = Object.entries(value).map(([k, v]) => [k, isSchema(v) ? bound(v, done) : v] as const);
        if (entries.some(([k, v]) => v !== (value as Record<string, unknown>)[k])) changed.shape = Object.fromEntries(entries);
      }
    }
    if (Object.keys(changed).length) {
      result = (schema as z.ZodType).clone(z.core.util.mergeDefs(def, changed) as z.core.$ZodTypeDef, { parent: true });
    }
  }
  done.set(schema, result);
  return result;
}

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
