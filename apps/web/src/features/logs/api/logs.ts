import { logsApi } from '@kudo/shared';
import { call } from '../../../lib/api';

/** What the v1 logs (Outbound, Opt-Outs, Api Tasks) take: a range, the rows already shown, a search. */
export interface V1Request {
  from_date?: string;
  to_date?: string;
  offset: number;
  search?: string;
  export?: boolean;
}

export interface V1Page<Row> {
  meta: { from_date: string; to_date: string; shown: number; total: number };
  rows: Row[];
}

/** What the v2 logs (Api Tasks v2, Email Jobs, SMS Jobs) take: HTTP dates, 100 rows, a cursor either way. */
export interface V2Request {
  fromDate: string;
  toDate: string;
  limit: number;
  after?: string | null;
  before?: string | null;
  export?: boolean;
}

export interface V2Page<Row> {
  userSearch: { fromDate: string; toDate: string; limit: number };
  rows: Row[];
  cursor: logsApi.LogsCursor;
}

export const fetchOutbound = (body: V1Request) => call(logsApi.fetchOutbound, { body });
export const fetchOptOuts = (body: V1Request) => call(logsApi.fetchOptOuts, { body });
export const fetchApiTasks = (body: V1Request) => call(logsApi.fetchApiTasks, { body });
export const listApiTasks = (body: V2Request) => call(logsApi.listApiTasks, { body });
export const listEmailJobs = (body: V2Request) => call(logsApi.listEmailJobs, { body });
export const listSmsJobs = (body: V2Request) => call(logsApi.listSmsJobs, { body });

/** A calendar day as the HTTP date the v2 logs read: "Wed, 25 Nov 2026 00:00:00 GMT". */
export const httpDate = (day: string): string => new Date(`${day}T00:00:00Z`).toUTCString();
