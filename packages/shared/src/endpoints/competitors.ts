import { z } from 'zod';
import { MSG } from '../messages.js';
import { RULES } from '../rules.js';
import { defineEndpoint } from './define.js';
import { PLACE_ID_RE, placesSearch as settingsPlacesSearch } from './social.js';

/** Competitors: businesses a location follows on the competitor leaderboard, by Google place id. */

const address = z.object({ street: z.string(), city: z.string(), state: z.string(), country: z.string(), zipcode: z.string() });

/** The location's own business: its Google place and the profile's figures. */
const self = z.object({
  name: z.string(),
  place_id: z.string().nullable(),
  /** Average rating (1–5), null when unknown. */
  rating: z.number().nullable(),
  /** Review count, null when unknown. */
  count: z.number().int().nullable(),
  address,
});

const competitorItem = z.object({
  name: z.string(),
  /** Null until the first refresh of its figures. */
  count: z.number().int().nullable(),
  rating: z.number().nullable(),
  address,
  /** competitor_id is the place id: remove by it. */
  competitor: z.object({ competitor_id: z.string() }),
  place_id: z.string(),
});

/** The competitor data: the location itself, its competitors ranked by review count, and how many it may add. */
const competitorData = z.object({
  self: self.nullable(),
  competitor_list: z.array(competitorItem),
  max_competitor: z.number().int(),
});
export type CompetitorData = z.infer<typeof competitorData>;

export const load = defineEndpoint({
  id: 'E148',
  method: 'POST',
  path: '/analytics/competitor-analysis/load',
  summary: 'The competitor leaderboard: the location and its competitors with rating and review count, ranked by review count.',
  access: { kind: 'location', rule: RULES.analyze },
  response: competitorData,
});

export const add = defineEndpoint({
  id: 'E149',
  method: 'POST',
  path: '/analytics/competitor-analysis/add',
  summary: 'Add a competitor by its Google place id (from the place search or typed); answers the refreshed data.',
  access: { kind: 'location', rule: RULES.analyze },
  body: z.object({
    place_id: z.string({ error: MSG.competitorPlaceRequired }).trim().regex(PLACE_ID_RE, { error: MSG.competitorPlaceRequired }),
  }),
  response: competitorData,
});

export const remove = defineEndpoint({
  id: 'E150',
  method: 'POST',
  path: '/analytics/competitor-analysis/remove',
  summary: 'Remove a competitor; answers the refreshed data.',
  access: { kind: 'location', rule: RULES.analyze },
  body: z.object({
    competitor_id: z.string({ error: MSG.competitorNotFound }).trim().regex(PLACE_ID_RE, { error: MSG.competitorNotFound }),
  }),
  response: competitorData,
});

const dashboardEntry = z.object({
  name: z.string(),
  place_id: z.string().nullable(),
  rating: z.number().nullable(),
  count: z.number().int().nullable(),
});

export const dashboard = defineEndpoint({
  id: 'E167',
  method: 'GET',
  path: '/dashboard/competitors/load',
  summary: "The dashboard's Competitors panel: the location and its competitors, ranked by review count.",
  access: { kind: 'location', rule: RULES.dashboard },
  response: z.object({ self: dashboardEntry.nullable(), competitor_list: z.array(dashboardEntry) }),
});

/**
 * The place search of Manage Competitors: the same search as the settings screen's, under the rule of the
 * competitor calls, so whoever may add a competitor may search for one.
 */
export const placesSearch = defineEndpoint({
  id: 'competitor-places-search',
  method: 'GET',
  path: '/analytics/competitor-analysis/places/search',
  summary: 'Businesses on the map matching the text (up to 10), to add as competitors.',
  access: { kind: 'location', rule: RULES.analyze },
  query: settingsPlacesSearch.query,
  response: settingsPlacesSearch.response,
});
