import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

type Obj = Record<string, unknown>;

interface Fault {
  method: string;
  path: RegExp;
  /** drop: Twilio does the request, but the connection breaks before the answer (the caller never learns the SID). */
  kind: 'drop' | 'answer';
  status?: number;
  body?: unknown;
}

/** Prefixes of Twilio's SIDs by collection, as the real API gives them. */
const PREFIX: Record<string, string> = {
  CustomerProfiles: 'BU',
  TrustProducts: 'BU',
  EndUsers: 'IT',
  SupportingDocuments: 'RD',
  EntityAssignments: 'BV',
  Evaluations: 'EL',
  Addresses: 'AD',
  BrandRegistrations: 'BN',
  Services: 'MG',
  PhoneNumbers: 'PN',
  Usa2p: 'QE',
};

const snake = (key: string) => key.replace('A2P', 'A2p').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/**
 * Twilio's REST API on 127.0.0.1, as far as Kudo uses it: the Messages resource (every message is accepted), and a
 * stateful Trust Hub, Messaging (services, numbers, A2P brands and campaigns) and Addresses, which keep what they are
 * given and answer lists, fetches and updates the way the official SDK reads them. Every request is kept for the
 * assertions; tests change an object's status with `set`, and make a request fail or break with `fault`.
 */
export async function fakeTwilio() {
  const requests: { method: string; url: string; body: string }[] = [];
  const objects = new Map<string, Obj>();
  /** Collection path (without query) → the SIDs made in it, in order. */
  const collections = new Map<string, string[]>();
  const faults: Fault[] = [];
  /** Numbers the account does not own (any other number asked for is owned). */
  const missingNumbers = new Set<string>();
  let n = 0;
  const sid = (prefix: string) => `${prefix}${String(++n).padStart(32, '0')}`;

  const make = (collection: string, kind: string, fields: Obj) => {
    const made = { sid: sid(PREFIX[kind] ?? 'XX'), date_created: new Date().toISOString(), date_updated: new Date().toISOString(), ...fields };
    objects.set(made.sid, made);
    collections.set(collection, [...(collections.get(collection) ?? []), made.sid]);
    return made;
  };
  const listOf = (collection: string) => (collections.get(collection) ?? []).map((s) => objects.get(s)!);
  const page = (key: string, items: Obj[]) => ({ meta: { key, next_page_url: null, previous_page_url: null, page: 0, page_size: 1000 }, [key]: items });

  /** The form's fields in snake case; repeated keys (MessageSamples) as arrays, JSON attributes parsed. */
  const fieldsOf = (form: URLSearchParams) => {
    const out: Obj = {};
    for (const key of new Set(form.keys())) {
      const all = form.getAll(key);
      let value: unknown = all.length > 1 || ['MessageSamples', 'OptOutKeywords', 'HelpKeywords', 'OptInKeywords'].includes(key) ? all : all[0];
      if (key === 'Attributes' && typeof value === 'string') value = JSON.parse(value);
      if (value === 'true') value = true;
      if (value === 'false') value = false;
      out[snake(key)] = value;
    }
    return out;
  };

  function route(method: string, path: string, query: URLSearchParams, form: URLSearchParams): { status: number; body: unknown } {
    const fields = fieldsOf(form);
    // The Messages resource (and Calls): every message is accepted.
    if (/^\/2010-04-01\/Accounts\/[^/]+\/(Messages|Calls)\.json$/.test(path)) {
      return { status: 201, body: { sid: sid('SM'), status: 'queued', from: form.get('From'), to: form.get('To'), body: form.get('Body') } };
    }
    const api2010 = /^\/2010-04-01\/Accounts\/[^/]+\/(Addresses|IncomingPhoneNumbers)(?:\/([^/.]+))?\.json$/.exec(path);
    if (api2010) {
      const [, kind, id] = api2010 as unknown as [string, string, string | undefined];
      const collection = `/2010-04-01/${kind}`;
      if (kind === 'IncomingPhoneNumbers') {
        const number = query.get('PhoneNumber') ?? '';
        const owned = number && !missingNumbers.has(number) ? [{ sid: `PN${number.replace(/\D/g, '').padStart(32, '0')}`, phone_number: number }] : [];
        return { status: 200, body: { incoming_phone_numbers: owned, next_page_uri: null } };
      }
      if (id) {
        const found = objects.get(id);
        if (!found) return { status: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } };
        if (method === 'POST') Object.assign(found, fields);
        return { status: 200, body: found };
      }
      if (method === 'POST') return { status: 201, body: make(collection, kind, fields) };
      const friendlyName = query.get('FriendlyName');
      return { status: 200, body: { addresses: listOf(collection).filter((a) => !friendlyName || a.friendly_name === friendlyName), next_page_uri: null } };
    }

    const parts = path.split('/').filter(Boolean); // ['v1', 'CustomerProfiles', 'BU…', 'EntityAssignments', …]
    if (parts[0] !== 'v1') return { status: 404, body: { code: 20404, message: `No fake for ${method} ${path}`, status: 404 } };
    // Kinds spelled in two segments (a2p/BrandRegistrations, Compliance/Usa2p) count as one.
    const rest = parts.slice(1).filter((p) => p !== 'a2p' && p !== 'Compliance');
    // A collection: /Kind, or /Kind/SID/Sub (assignments, evaluations, numbers, campaigns).
    const kind = rest.length % 2 === 1 ? rest[rest.length - 1]! : rest[rest.length - 2]!;
    const id = rest.length % 2 === 0 ? rest[rest.length - 1]! : undefined;
    // A sub-collection needs its parent: /Kind/SID/Sub(/SID).
    if (rest.length >= 3 && !objects.has(rest[1]!)) return { status: 404, body: { code: 20404, message: `No ${rest[1]!}`, status: 404 } };
    const collection = id ? path.slice(0, path.lastIndexOf('/')) : path;

    if (id) {
      const found = objects.get(id);
      if (!found) return { status: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } };
      if (method === 'POST') {
        if (kind === 'BrandRegistrations') {
          // An update resubmits the brand: reviewed again.
          found.status = 'PENDING';
          found.updates = Number(found.updates ?? 0) + 1;
        } else {
          Object.assign(found, fields);
        }
        found.date_updated = new Date().toISOString();
      }
      return { status: 200, body: found };
    }
    if (method === 'GET') {
      const friendlyName = query.get('FriendlyName');
      const policySid = query.get('PolicySid');
      const items = listOf(collection).filter((o) => (!friendlyName || o.friendly_name === friendlyName) && (!policySid || o.policy_sid === policySid));
      return { status: 200, body: page(kind === 'BrandRegistrations' ? 'data' : kind === 'Usa2p' ? 'compliance' : 'results', items) };
    }
    switch (kind) {
      case 'CustomerProfiles':
      case 'TrustProducts':
        return { status: 201, body: make(collection, kind, { ...fields, status: 'draft', errors: null }) };
      case 'EntityAssignments':
        return { status: 201, body: make(collection, kind, fields) };
      case 'Evaluations':
        return { status: 201, body: make(collection, kind, { ...fields, status: 'compliant', results: [] }) };
      case 'BrandRegistrations':
        return {
          status: 201,
          body: make(collection, kind, { ...fields, status: 'PENDING', brand_score: null, failure_reason: null, errors: [], brand_feedback: null, identity_status: null }),
        };
      case 'PhoneNumbers': {
        const number = String(fields.phone_number_sid ?? '');
        return { status: 201, body: make(collection, kind, { ...fields, phone_number: `+${number.replace(/^PN0*/, '')}` }) };
      }
      case 'Usa2p':
        return { status: 201, body: make(collection, kind, { ...fields, brand_registration_sid: fields.brand_registration_sid, campaign_status: 'IN_PROGRESS', rate_limits: {}, errors: [] }) };
      default:
        return { status: 201, body: make(collection, kind, fields) };
    }
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push({ method, url: req.url ?? '', body });
      const faultAt = faults.findIndex((f) => f.method === method && f.path.test(url.pathname));
      const fault = faultAt >= 0 ? faults.splice(faultAt, 1)[0] : undefined;
      if (fault?.kind === 'answer') {
        res.writeHead(fault.status ?? 500, { 'content-type': 'application/json' });
        res.end(JSON.stringify(fault.body ?? { code: 20500, message: 'Internal Server Error', status: fault.status ?? 500 }));
        return;
      }
      const answer = route(method, url.pathname, url.searchParams, new URLSearchParams(body));
      if (fault?.kind === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** What the fake holds under a SID. */
    get: (id: string) => objects.get(id),
    /** Changes what the fake holds (a status the carriers decided, a score, a reason). */
    set: (id: string, patch: Obj) => {
      const found = objects.get(id);
      if (!found) throw new Error(`fake Twilio has no ${id}`);
      Object.assign(found, patch);
    },
    /** The objects made in a collection path (e.g. '/v1/EndUsers', '/v1/a2p/BrandRegistrations'). */
    made: (collection: string) => listOf(collection),
    /** The POSTs that created something, by collection path: what a test counts to see nothing was made twice. */
    creations: () => {
      const counts: Record<string, number> = {};
      for (const [collection, sids] of collections) counts[collection.replace(/\/(BU|MG)\d+/g, '/$1…')] = (counts[collection.replace(/\/(BU|MG)\d+/g, '/$1…')] ?? 0) + sids.length;
      return counts;
    },
    /** The next request of this method to a matching path breaks (drop: after Twilio did it) or answers this. */
    fault: (f: Fault) => faults.push(f),
    /** Numbers the account does not own. */
    missingNumbers,
  };
}

export type FakeTwilio = Awaited<ReturnType<typeof fakeTwilio>>;
