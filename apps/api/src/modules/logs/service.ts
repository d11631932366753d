import { Buffer } from 'node:buffer';
import { MSG, type EndpointData, type EndpointRequest, logsApi as api } from '@kudo/shared';
import type { LocationCtx } from '../../http/context.js';
import { poolOf } from '../../lib/db.js';
import { badRequest } from '../../lib/errors.js';
import { isoAt } from '../../lib/sql.js';
import { locationClock, type Day, type DayRange } from '../analytics/index.js';
import { leaderboardRange } from '../leaderboard/index.js';
import { contactOf, showsContacts } from './contacts.js';

type V1Body = EndpointRequest<typeof api.fetchOutbound>['body'];
type V2Body = EndpointRequest<typeof api.listApiTasks>['body'];

const V1_FIELDS = { from: 'from_date', to: 'to_date' };
const V2_FIELDS = { from: 'fromDate', to: 'toDate' };

/**
 * The range (the leaderboard's rule: to today and from a month before by default; from after to, or more than 36
 * months back, a 400) and the location's time zone; the SQL turns the local days into instants.
 */
async function scope(ctx: LocationCtx, input: { from?: Day | undefined; to?: Day | undefined }, fields: { from: string; to: string }) {
  const clock = await locationClock(ctx.db, ctx.location.locationId);
  return { range: leaderboardRange(input, clock.today, fields), timeZone: clock.timeZone };
}

/** $2, $3 and $4 are the first day, the last day and the time zone: the instants [lo, hi) of the range. */
const LO = `(($2::date)::timestamp AT TIME ZONE $4)`;
const HI = `(($3::date + 1)::timestamp AT TIME ZONE $4)`;

const SERVICE: Record<string, string> = { twilio: 'Twilio', sendgrid: 'SendGrid', local: 'Dev outbox' };
const serviceOf = (provider: string) => SERVICE[provider] ?? provider;

/**
 * What a search asks for: an ID (SMS-12, EMAIL-34 or a bare number), a channel (sms, text, email) or a
 * customer (part of a name, an address, or the digits of a number).
 */
function outboundSearch(q: string) {
  const id = /^(sms|email)?[\s#-]*(\d{1,9})$/i.exec(q);
  const word = q.toLowerCase();
  const digits = /[a-z@]/i.test(q) ? '' : q.replace(/\D/g, '');
  return {
    smsId: id && (!id[1] || id[1].toLowerCase() === 'sms') ? Number(id[2]) : null,
    emailId: id && (!id[1] || id[1].toLowerCase() === 'email') ? Number(id[2]) : null,
    sms: word === 'sms' || word === 'text',
    email: word === 'email' || word === 'e-mail',
    like: `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    digits: digits.length >= 3 ? `%${digits}%` : '',
  };
}

/** Customers named by a search, looked up first and passed as their addresses; beyond this many, each row asks. */
const NAMED_CUSTOMERS_MAX = 1000;

/**
 * A search's condition on one table, built from the arms the search has, so that each arm can use an index (the
 * primary key, the trigram index of "to", the (location, to) index) and the planner sees which arms apply. A
 * channel word matches its whole table. `add` appends a value and answers its placeholder.
 */
function searchClause(
  t: 's' | 'e',
  s: ReturnType<typeof outboundSearch>,
  named: { addresses: string[] } | 'many',
  add: (v: unknown) => string,
): string {
  if (t === 's' ? s.sms : s.email) return '';
  const id = t === 's' ? s.smsId : s.emailId;
  const arms = [`${t}."to" ILIKE ${add(s.like)}`];
  if (id !== null) arms.push(`${t}.id = ${add(id)}`);
  if (s.digits) arms.push(`${t}."to" LIKE ${add(s.digits)}`);
  if (named === 'many') {
    const byAddress = t === 's' ? 'cu.phone = s."to"' : 'cu.email = e."to"';
    arms.push(`EXISTS (SELECT 1 FROM customers cu WHERE cu.location_id = $1 AND ${byAddress} AND cu.name ILIKE ${add(s.like)})`);
  } else if (named.addresses.length > 0) arms.push(`${t}."to" = ANY(${add(named.addresses)}::text[])`);
  return `AND (${arms.join(' OR ')})`;
}

/** The phones and email addresses of the customers a search names, or 'many' when they are too many to pass. */
async function namedCustomers(ctx: LocationCtx, like: string): Promise<{ addresses: string[] } | 'many'> {
  const { rows } = await poolOf(ctx.db).query<{ phone: string | null; email: string | null }>({
    name: 'logs-named-customers',
    text: `SELECT phone, email FROM customers WHERE location_id = $1 AND name ILIKE $2 LIMIT ${NAMED_CUSTOMERS_MAX + 1}`,
    values: [ctx.location.locationId, like],
  });
  if (rows.length > NAMED_CUSTOMERS_MAX) return 'many';
  return { addresses: [...new Set(rows.flatMap((r) => [r.phone, r.email]).filter((a): a is string => !!a))] };
}

/**
 * The customers' names of a page's rows in one statement, by the number an SMS went to and the address an
 * email went to (the first customer with a name, when several share one): `sms:+1…` or `email:…` to the name.
 */
async function customerNames(ctx: LocationCtx, rows: readonly { channel: 'sms' | 'email'; to: string }[]): Promise<Map<string, string>> {
  const phones = [...new Set(rows.filter((r) => r.channel === 'sms').map((r) => r.to))];
  const emails = [...new Set(rows.filter((r) => r.channel === 'email').map((r) => r.to))];
  if (phones.length + emails.length === 0) return new Map();
  const { rows: found } = await poolOf(ctx.db).query<{ key: string; name: string }>({
    name: 'logs-customer-names',
    text: `SELECT DISTINCT ON (key) key, name FROM (
             SELECT 'sms:' || cu.phone AS key, cu.name, cu.id FROM customers cu WHERE cu.location_id = $1 AND cu.phone = ANY($2::text[]) AND cu.name <> ''
             UNION ALL
             SELECT 'email:' || cu.email, cu.name, cu.id FROM customers cu WHERE cu.location_id = $1 AND cu.email = ANY($3::text[]) AND cu.name <> ''
           ) x ORDER BY key, id`,
    values: [ctx.location.locationId, phones, emails],
  });
  return new Map(found.map((r) => [r.key, r.name]));
}

/** How many of a channel's messages were logged over the range's days, from their daily counts. */
async function loggedCount(ctx: LocationCtx, range: DayRange, channels: readonly Channel[]): Promise<number> {
  if (channels.length === 0) return 0;
  const { rows } = await poolOf(ctx.db).query<{ n: number }>({
    name: 'logs-outbound-days',
    text: `SELECT coalesce(sum(count), 0)::int AS n FROM log_daily_counts
            WHERE location_id = $1 AND day >= $2::date AND day <= $3::date AND channel = ANY($4::text[])`,
    values: [ctx.location.locationId, range.from, range.to, channels],
  });
  return rows[0]!.n;
}

type Channel = 'sms' | 'email';
const TABLES = { sms: { alias: 's', from: 'sms_messages s', where: `s.direction = 'outbound' AND ` }, email: { alias: 'e', from: 'email_logs e', where: '' } } as const;

/**
 * E151: every SMS and email the sending path recorded for the location in the range, newest first, 500 rows
 * from `offset`, with the total of the range (and search) so the screen can say 'Loaded X of Y entries'.
 * The total of a channel that the search leaves whole (no search, or its name) comes from the daily counts;
 * otherwise the search's matches are counted.
 */
export async function fetchOutbound(ctx: LocationCtx, body: V1Body): Promise<EndpointData<typeof api.fetchOutbound>> {
  const { range, timeZone } = await scope(ctx, { from: body.from_date, to: body.to_date }, V1_FIELDS);
  const pool = poolOf(ctx.db);
  const searching = body.search !== '';
  const search = searching ? outboundSearch(body.search) : null;
  const named = search ? await namedCustomers(ctx, search.like) : null;
  const base = () => [ctx.location.locationId, range.from, range.to, timeZone] as unknown[];
  /** A channel's WHERE over its table, its search's values appended to `values`. */
  const whereOf = (channel: Channel, values: unknown[]) => {
    const t = TABLES[channel];
    const clause = search && named ? searchClause(t.alias, search, named, (v) => `$${values.push(v)}`) : '';
    return { sql: `${t.alias}.location_id = $1 AND ${t.where}${t.alias}.created_at >= ${LO} AND ${t.alias}.created_at < ${HI} ${clause}`, whole: clause === '' };
  };
  const values = base();
  const sms = whereOf('sms', values);
  const email = whereOf('email', values);
  const head = `$${values.push(body.offset + api.LOGS_PAGE)}`;
  /** The matches of the channels a search narrows, counted; the others from the daily counts. */
  const counted = (['sms', 'email'] as const).filter((c) => !(c === 'sms' ? sms : email).whole);
  const totalOf = Promise.all([
    loggedCount(ctx, range, (['sms', 'email'] as const).filter((c) => !counted.includes(c))),
    ...counted.map(async (channel) => {
      const countValues = base();
      const where = whereOf(channel, countValues);
      const { rows } = await pool.query<{ n: number }>({ text: `SELECT count(*)::int AS n FROM ${TABLES[channel].from} WHERE ${where.sql}`, values: countValues });
      return rows[0]!.n;
    }),
  ]).then((n) => n.reduce((a, b) => a + b, 0));
  const pageOf = pool.query<{ channel: Channel; id: number; at: string; to: string; provider: string; status: string; app: string; campaign: string | null }>({
    ...(searching ? {} : { name: 'logs-outbound' }),
    text: `SELECT u.channel, u.id, ${isoAt('u.created_at')} AS at, u."to", u.provider, u.status, u.app, c.name AS campaign
             FROM ((SELECT 'sms' AS channel, s.id, s.created_at, s."to", s.provider, s.status, s.app, s.campaign_id FROM sms_messages s
                     WHERE ${sms.sql} ORDER BY s.created_at DESC, s.id DESC LIMIT ${head})
                   UNION ALL
                   (SELECT 'email', e.id, e.created_at, e."to", e.provider, e.status, e.app, e.campaign_id FROM email_logs e
                     WHERE ${email.sql} ORDER BY e.created_at DESC, e.id DESC LIMIT ${head})) u
             LEFT JOIN campaigns c ON c.id = u.campaign_id
            ORDER BY u.created_at DESC, u.channel DESC, u.id DESC
           OFFSET $${values.push(body.offset)} LIMIT $${values.push(api.LOGS_PAGE)}`,
    values,
  });
  const [page, total] = await Promise.all([pageOf, totalOf]);
  const names = await customerNames(ctx, page.rows);
  const full = showsContacts(ctx, body.export);
  const rows = page.rows.map((r) => {
    const contact = contactOf(r.to, full);
    const customer = names.get(`${r.channel}:${r.to}`);
    return {
      id: `${r.channel === 'sms' ? 'SMS' : 'EMAIL'}-${r.id}`,
      date: r.at,
      campaign: r.campaign ?? '',
      customer: customer ? `${customer} · ${contact}` : contact,
      channel: r.channel === 'sms' ? ('SMS' as const) : ('Email' as const),
      service: serviceOf(r.provider),
      status: r.status,
      app: r.app,
    };
  });
  return { meta: meta(range, body.offset, rows.length, total), rows };
}

/** `shown`: the rows the screen holds after this page (those before `offset` and these). */
const meta = (range: DayRange, offset: number, shown: number, total: number) => ({ from_date: range.from, to_date: range.to, shown: offset + shown, total });

const SCOPES: Record<string, string> = { all: 'All messages', dispatch: 'pulseChecks and bios (HS)', messaging: 'Messaging (CNXN)' };
const SOURCES: Record<string, string> = {
  keyword: 'Keyword',
  unsubscribe_link: 'Unsubscribe link',
  provider: 'Carrier',
  dashboard: 'Dashboard',
  bulk: 'Spreadsheet',
  inbox: 'Inbox',
};

/** E152: the opt-outs recorded in the range, newest first, 500 from `offset`. */
export async function fetchOptOuts(ctx: LocationCtx, body: V1Body): Promise<EndpointData<typeof api.fetchOptOuts>> {
  const { range, timeZone } = await scope(ctx, { from: body.from_date, to: body.to_date }, V1_FIELDS);
  const pool = poolOf(ctx.db);
  const where = `location_id = $1 AND action = 'opt_out' AND created_at >= ${LO} AND created_at < ${HI}`;
  const values = [ctx.location.locationId, range.from, range.to, timeZone];
  const [page, count] = await Promise.all([
    pool.query<{ id: number; address: string; scope: string; source: string; detail: string | null; at: string }>({
      name: 'logs-opt-outs',
      text: `SELECT id, address, scope, source, detail, ${isoAt('created_at')} AS at FROM consent_events WHERE ${where} ORDER BY created_at DESC, id DESC OFFSET $5 LIMIT $6`,
      values: [...values, body.offset, api.LOGS_PAGE],
    }),
    pool.query<{ total: number }>({ name: 'logs-opt-outs-count', text: `SELECT count(*)::int AS total FROM consent_events WHERE ${where}`, values }),
  ]);
  const full = showsContacts(ctx, body.export);
  const rows = page.rows.map((r) => ({
    id: r.id,
    number: contactOf(r.address, full),
    date: r.at,
    application: SCOPES[r.scope] ?? r.scope,
    source: `${SOURCES[r.source] ?? r.source}${r.source === 'keyword' && r.detail ? ` ${r.detail}` : ''}`,
  }));
  return { meta: meta(range, body.offset, rows.length, count.rows[0]!.total), rows };
}

/** E153: the tasks started in the range with their outcome, newest first, 500 from `offset`. */
export async function fetchApiTasks(ctx: LocationCtx, body: V1Body): Promise<EndpointData<typeof api.fetchApiTasks>> {
  const { range, timeZone } = await scope(ctx, { from: body.from_date, to: body.to_date }, V1_FIELDS);
  const pool = poolOf(ctx.db);
  const where = `location_id = $1 AND created_at >= ${LO} AND created_at < ${HI}`;
  const values = [ctx.location.locationId, range.from, range.to, timeZone];
  const [page, count] = await Promise.all([
    pool.query<{ id: number; app: string; task: string; status: string; message: string; at: string }>({
      name: 'logs-api-tasks',
      text: `SELECT id, app, task, status, message, ${isoAt('created_at')} AS at FROM api_tasks WHERE ${where} ORDER BY created_at DESC, id DESC OFFSET $5 LIMIT $6`,
      values: [...values, body.offset, api.LOGS_PAGE],
    }),
    pool.query<{ total: number }>({ name: 'logs-api-tasks-count', text: `SELECT count(*)::int AS total FROM api_tasks WHERE ${where}`, values }),
  ]);
  const rows = page.rows.map((r) => ({ id: r.id, date: r.at, action: r.task, comment: r.message, status: r.status, app: r.app }));
  return { meta: meta(range, body.offset, rows.length, count.rows[0]!.total), rows };
}

/** Whether "YYYY-MM-DD hh:mm:ss" names a time that exists (no 31 February, no hour 25). */
const isRealTime = (at: string) => {
  const d = new Date(`${at.slice(0, 19).replace(' ', 'T')}Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 19) === at.slice(0, 19).replace(' ', 'T');
};

/** A v2 cursor: the row's time (as PostgreSQL wrote it) and id, opaque to the client. */
const encodeCursor = (at: string, id: number) => Buffer.from(JSON.stringify([at, id])).toString('base64url');
function decodeCursor(value: string, field: 'after' | 'before'): [string, number] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/.test(parsed[0]) &&
      isRealTime(parsed[0]) &&
      Number.isSafeInteger(parsed[1]) &&
      (parsed[1] as number) > 0 &&
      (parsed[1] as number) <= 2_147_483_647
    ) {
      return [parsed[0], parsed[1] as number];
    }
  } catch {
    // Falls through to the 400.
  }
  throw badRequest(MSG.logsCursor, { [field]: MSG.logsCursor });
}

interface V2Table {
  name: string;
  /** FROM … with the alias t; the row's columns beside t.id and t.created_at. */
  from: string;
  columns: string;
  /** More conditions on t. */
  where?: string;
}

/**
 * One page of a v2 log, newest first: `after` gives the rows older than the cursor, `before` the rows newer
 * than it; the page's cursors are its first and last rows, and hasBefore / hasAfter say whether anything lies
 * beyond them in the range.
 */
async function v2Page<R extends { id: number; at: string; iso: string }>(ctx: LocationCtx, body: V2Body, table: V2Table) {
  const { range, timeZone } = await scope(ctx, { from: body.fromDate, to: body.toDate }, V2_FIELDS);
  const after = body.after ? decodeCursor(body.after, 'after') : null;
  const before = body.before ? decodeCursor(body.before, 'before') : null;
  const cursor = after ?? before;
  const pool = poolOf(ctx.db);
  const where = `t.location_id = $1 AND t.created_at >= ${LO} AND t.created_at < ${HI} ${table.where ?? ''}`;
  const values = [ctx.location.locationId, range.from, range.to, timeZone];
  const direction = before ? 'newer' : 'older';
  const { rows: found } = await pool.query<R>({
    name: `logs-v2-${table.name}-${cursor ? direction : 'first'}`,
    text: `SELECT t.id, t.created_at::text AS at, ${isoAt('t.created_at')} AS iso, ${table.columns} FROM ${table.from}
            WHERE ${where} ${cursor ? `AND (t.created_at, t.id) ${before ? '>' : '<'} ($5::timestamp, $6::int)` : ''}
            ORDER BY t.created_at ${before ? 'ASC' : 'DESC'}, t.id ${before ? 'ASC' : 'DESC'} LIMIT $${cursor ? 7 : 5}`,
    values: [...values, ...(cursor ? cursor : []), body.limit + 1],
  });
  const more = found.length > body.limit;
  const rows = found.slice(0, body.limit);
  if (before) rows.reverse();
  // Beyond the page on the side the request came from: only with a cursor, and only if a row is there.
  let other = false;
  if (cursor) {
    const { rows: beyond } = await pool.query({
      name: `logs-v2-${table.name}-${direction}-beyond`,
      text: `SELECT 1 FROM ${table.from} WHERE ${where} AND (t.created_at, t.id) ${before ? '<=' : '>='} ($5::timestamp, $6::int) LIMIT 1`,
      values: [...values, ...cursor],
    });
    other = beyond.length > 0;
  }
  const first = rows[0];
  const last = rows.at(-1);
  return {
    range,
    rows,
    cursor: {
      before: first ? encodeCursor(first.at, first.id) : null,
      after: last ? encodeCursor(last.at, last.id) : null,
      hasBefore: before ? more : other,
      hasAfter: before ? other : more,
    },
  };
}


const userSearch = (body: V2Body, range: DayRange) => ({ fromDate: range.from, toDate: range.to, limit: body.limit });

/** E154: the location's tasks with their outcome. */
export async function listApiTasks(ctx: LocationCtx, body: V2Body): Promise<EndpointData<typeof api.listApiTasks>> {
  const page = await v2Page<{ id: number; at: string; iso: string; app: string; task: string; status: string; message: string }>(ctx, body, {
    name: 'api-tasks',
    from: 'api_tasks t',
    columns: 't.app, t.task, t.status, t.message',
  });
  return {
    userSearch: userSearch(body, page.range),
    rows: page.rows.map((r) => ({ id: r.id, status: r.status, app: r.app, task: r.task, message: r.message, timestamp: r.iso })),
    cursor: page.cursor,
  };
}

/** E155: every email of the location with the provider's message id. */
export async function listEmailJobs(ctx: LocationCtx, body: V2Body): Promise<EndpointData<typeof api.listEmailJobs>> {
  const page = await v2Page<{
    id: number;
    at: string;
    iso: string;
    app: string;
    status: string;
    to: string;
    subject: string;
    template: string;
    provider_id: string | null;
    campaign_uid: string | null;
    campaign_name: string | null;
  }>(ctx, body, {
    name: 'email-jobs',
    from: 'email_logs t LEFT JOIN campaigns c ON c.id = t.campaign_id',
    columns: 't.app, t.status, t."to", t.subject, t.template, t.provider_id, c.uid AS campaign_uid, c.name AS campaign_name',
  });
  const full = showsContacts(ctx, body.export);
  return {
    userSearch: userSearch(body, page.range),
    rows: page.rows.map((r) => ({
      jobId: r.id,
      app: r.app,
      status: r.status,
      userEmail: contactOf(r.to, full),
      subject: r.subject,
      template: r.template,
      campaignUid: r.campaign_uid,
      campaignName: r.campaign_name,
      mandrillId: r.provider_id,
      timestamp: r.iso,
    })),
    cursor: page.cursor,
  };
}

/** The FieldOps invitation carries a technician's password: the logs never show its text. */
export const HIDDEN_BODY = 'FieldOps sign-in details (not shown).';
const shownBody = (app: string, body: string) => (app === 'fieldops' ? HIDDEN_BODY : body);

/** E156: every SMS the location sent with Twilio's SID (a FieldOps invitation's text hidden). */
export async function listSmsJobs(ctx: LocationCtx, body: V2Body): Promise<EndpointData<typeof api.listSmsJobs>> {
  const page = await v2Page<{
    id: number;
    at: string;
    iso: string;
    app: string;
    status: string;
    from: string;
    to: string;
    body: string;
    provider_id: string | null;
    campaign_uid: string | null;
    campaign_name: string | null;
  }>(ctx, body, {
    name: 'sms-jobs',
    from: 'sms_messages t LEFT JOIN campaigns c ON c.id = t.campaign_id',
    columns: 't.app, t.status, t."from", t."to", t.body, t.provider_id, c.uid AS campaign_uid, c.name AS campaign_name',
    where: `AND t.direction = 'outbound'`,
  });
  const full = showsContacts(ctx, body.export);
  return {
    userSearch: userSearch(body, page.range),
    rows: page.rows.map((r) => ({
      jobId: r.id,
      app: r.app,
      status: r.status,
      kudoNumber: r.from,
      userNumber: contactOf(r.to, full),
      body: shownBody(r.app, r.body),
      campaignUid: r.campaign_uid,
      campaignName: r.campaign_name,
      twilioSid: r.provider_id,
      timestamp: r.iso,
    })),
    cursor: page.cursor,
  };
}
