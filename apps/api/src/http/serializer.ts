import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode, type $ZodError } from 'zod/v4/core';

/** Turns a handler's answer into exactly what its schema declares; null when the value can go out as it is. */
type Projection = ((value: unknown) => unknown) | null;

interface Def {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  options?: $ZodType[];
  valueType?: $ZodType;
}

/** Kinds whose output JSON.stringify writes correctly without help. */
const PLAIN = new Set(['string', 'number', 'boolean', 'null', 'undefined', 'literal', 'enum', 'date', 'nan', 'template_literal', 'any', 'unknown']);

/**
 * Compiles a response schema, once per route, into a projection that copies only the declared properties:
 * an object's other properties are dropped, so nothing a service returns besides the contract leaves the
 * server. Unlike zod's own serializer it does not validate again what the handler's types already promise.
 * What it cannot project simply (transforms, pipes, unions of objects, lazy and default schemas) is
 * encoded by zod, for that part only.
 */
export function projection(schema: $ZodType, fail: (cause: $ZodError) => never): Projection {
  const def = schema._zod.def as unknown as Def;
  if (PLAIN.has(def.type)) return null;
  const byZod = (value: unknown) => {
    const result = safeEncode(schema, value);
    return result.success ? result.data : fail(result.error);
  };
  switch (def.type) {
    case 'object': {
      if (def.catchall && (def.catchall._zod.def as unknown as Def).type !== 'never') return byZod;
      const fields = Object.entries(def.shape ?? {}).map(([key, field]) => [key, projection(field, fail)] as const);
      return (value) => {
        if (value === null || typeof value !== 'object') return byZod(value);
        const source = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, project] of fields) {
          const v = source[key];
          if (v !== undefined) out[key] = project ? project(v) : v;
        }
        return out;
      };
    }
    case 'array': {
      const project = projection(def.element!, fail);
      return (value) => (!Array.isArray(value) ? byZod(value) : project ? value.map(project) : value);
    }
    case 'optional':
    case 'nullable':
    case 'readonly': {
      const project = projection(def.innerType!, fail);
      return project && ((value) => (value === null || value === undefined ? value : project(value)));
    }
    case 'record': {
      const project = projection(def.valueType!, fail);
      if (!project) return null;
      return (value) =>
        value === null || typeof value !== 'object'
          ? byZod(value)
          : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, project(v)]));
    }
    case 'union':
      return def.options!.every((option) => projection(option, fail) === null) ? null : byZod;
    default:
      return byZod;
  }
}

/**
 * The serializer of every route with a response schema: the projection above, then JSON.stringify. Routes
 * whose schema is not a zod type keep the type provider's serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema, method, url } = route;
  if (!(schema instanceof $ZodType)) return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const fail = (cause: $ZodError): never => {
    throw new ResponseSerializationError(method, url, { cause });
  };
  const project = projection(schema, fail);
  return project ? (data) => JSON.stringify(project(data)) : (data) => JSON.stringify(data);
};

const projections = new WeakMap<$ZodType, Projection>();

/**
 * A value written as JSON as a route whose data has this schema writes it (only the declared properties):
 * for an answer kept as text and sent later as it is (see JsonText).
 */
export function jsonOf(schema: $ZodType, value: unknown): string {
  if (!projections.has(schema)) {
    projections.set(
      schema,
      projection(schema, (cause) => {
        throw new Error('the value does not match its schema', { cause });
      }),
    );
  }
  const project = projections.get(schema);
  return JSON.stringify(project ? project(value) : value);
}
