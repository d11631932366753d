import type { EndpointDef } from './define.js';
import * as session from './session.js';
import * as system from './system.js';

export * from './define.js';
export * as sessionApi from './session.js';
export * as systemApi from './system.js';

const isEndpoint = (v: unknown): v is EndpointDef =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v && 'access' in v;

/** Every endpoint of the API, in one list: the server registers these, the OpenAPI document lists them. */
export const endpoints: readonly EndpointDef[] = [system, session]
  .flatMap((area): unknown[] => Object.values(area))
  .filter(isEndpoint);
export type { LocationItem, Profile } from './session.js';
export type { OutboxMessage } from './system.js';
