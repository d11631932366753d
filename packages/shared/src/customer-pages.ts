/**
 * The addresses of the customer pages (the pulseCheck flow and the bio page) and the older links that still
 * reach them: the API builds the links it texts and emails from these, the app routes them, the customer
 * entry matches them, and the servers pick the customer entry by them.
 */
import type { FlowStep } from './pulsecheck-flow.js';

export const CUSTOMER_PATHS = {
  /** The link a pulseCheck sends; it asks for the campaign when the location has several. */
  pulseCheck: '/pulsecheck/:token',
  pulseCheckAlias: '/kudo/application/campaign/:token/default',
  /** One step of the flow: `${flow}/mood` … `${flow}/thank-you`. */
  flow: '/pulsecheck/:token/:campaignUID',
  flowAlias: '/kudo/application/pulsecheck/:campaignUID/:token',
  sample: '/sample-pulsecheck/:campaignUID',
  bio: '/view-bio/:campaignUID',
  bioAliases: ['/kudo/application/bio/:campaignUID', '/public/bio/:campaignUID'],
} as const;

export const FLOW_STEPS = ['mood', 'social-media', 'rating', 'review', 'thank-you'] as const satisfies readonly FlowStep[];

/** Requests the servers answer with the customer entry (the pages above, with or without a query). */
export const CUSTOMER_PAGE_RE = /^\/(?:pulsecheck|sample-pulsecheck|view-bio|kudo\/application|public\/bio)(?:\/|$|\?)/;

const seg = encodeURIComponent;
export const pulseCheckPath = (token: string): string => `/pulsecheck/${seg(token)}`;
export const flowPath = (token: string, campaignUid: string, step: FlowStep): string => `/pulsecheck/${seg(token)}/${seg(campaignUid)}/${step}`;
export const samplePath = (campaignUid: string): string => `/sample-pulsecheck/${seg(campaignUid)}`;
export const bioPath = (campaignUid: string): string => `/view-bio/${seg(campaignUid)}`;

export type CustomerRoute =
  | { name: 'select-campaign'; token: string }
  | { name: 'flow'; token: string; campaignUid: string; step: FlowStep }
  | { name: 'sample'; campaignUid: string }
  | { name: 'bio'; campaignUid: string }
  | { name: 'not-found' };

/** A pattern of the paths above as a regular expression; tokens and campaign uids are 4–64 of [A-Za-z0-9_-]. */
const compile = (pattern: string, tail = '') =>
  new RegExp(`^${pattern.replace(/:(\w+)/g, '(?<$1>[A-Za-z0-9_-]{4,64})')}${tail}$`);

type Groups = Record<string, string>;
const MATCHERS: (readonly [RegExp, (g: Groups) => CustomerRoute])[] = [
  ...[CUSTOMER_PATHS.pulseCheck, CUSTOMER_PATHS.pulseCheckAlias].map(
    (p) => [compile(p), (g: Groups): CustomerRoute => ({ name: 'select-campaign', token: g.token! })] as const,
  ),
  [
    compile(CUSTOMER_PATHS.flow, `(?:/(?<step>${FLOW_STEPS.join('|')}))?`),
    (g) => ({ name: 'flow', token: g.token!, campaignUid: g.campaignUID!, step: (g.step as FlowStep | undefined) ?? 'mood' }),
  ],
  [compile(CUSTOMER_PATHS.flowAlias), (g) => ({ name: 'flow', token: g.token!, campaignUid: g.campaignUID!, step: 'mood' })],
  [compile(CUSTOMER_PATHS.sample), (g) => ({ name: 'sample', campaignUid: g.campaignUID! })],
  ...[CUSTOMER_PATHS.bio, ...CUSTOMER_PATHS.bioAliases].map(
    (p) => [compile(p), (g: Groups): CustomerRoute => ({ name: 'bio', campaignUid: g.campaignUID! })] as const,
  ),
];

/** Which customer page a path is (a trailing slash is ignored). */
export function matchCustomerPath(pathname: string): CustomerRoute {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const [re, route] of MATCHERS) {
    const m = re.exec(path);
    if (m) return route({ ...m.groups });
  }
  return { name: 'not-found' };
}
