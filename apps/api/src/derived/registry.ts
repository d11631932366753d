/**
 * The derived stores: tables (and one column) that triggers keep current from the product's rows, so that the reads
 * behind Analyze, the leaderboards, the logs and the inbox stay fast. Each one's functions, triggers and rebuild are
 * in prisma/derived/<file>; this list is what the tools go through (`pnpm db:verify`, the nightly check) and what
 * docs/architecture.md's "Derived data" table describes.
 */
import type { Pool } from 'pg';
import { staleStoredTranscriptDays } from '../modules/inbox/index.js';

/** What a rebuild runs on: a client inside the transaction the caller commits (repair) or rolls back (check). */
export type Queryable = Pick<Pool, 'query'>;

export interface DerivedStore {
  /** The table the triggers keep (or table.column). */
  store: string;
  /** Its definitions, in prisma/derived. */
  file: string;
  /** The tables (and columns) it is computed from. */
  sources: string[];
  /** The triggers that keep it. */
  triggers: string[];
  /** Whether its rows belong to local days (a range of days narrows a check); else each check covers the location. */
  byDay: boolean;
  /**
   * Writes the location's rows that differ from what the sources give over its local days `from` to `to` (null: no
   * bound), and answers how many rows that was (0: the store was exact).
   */
  rebuild(client: Queryable, locationId: number, from: string | null, to: string | null): Promise<number>;
  /** The test that drives its write paths and compares it with its rebuild. */
  test: string;
}

/** A rebuild written in SQL: derived_rebuild_<name>(location, from_day, to_day). */
const sqlRebuild =
  (fn: string) =>
  async (client: Queryable, locationId: number, from: string | null, to: string | null): Promise<number> => {
    const { rows } = await client.query<{ n: number }>(`SELECT ${fn}($1, $2::date, $3::date) AS n`, [locationId, from, to]);
    return rows[0]!.n;
  };

const TEST = 'apps/api/src/derived/stores.integration.test.ts';

export const DERIVED_STORES: readonly DerivedStore[] = [
  {
    store: 'review_daily_counts',
    file: 'review_daily_counts.sql',
    sources: ['reviews', 'locations.time_zone'],
    triggers: ['reviews_review_daily_counts'],
    byDay: true,
    rebuild: sqlRebuild('derived_rebuild_review_daily_counts'),
    test: TEST,
  },
  {
    store: 'dispatch_daily_stats',
    file: 'dispatch_daily_stats.sql',
    sources: ['dispatches', 'reviews', 'contact_card_sends', 'locations.time_zone'],
    triggers: ['dispatches_dispatch_daily_stats_insert/_update/_delete', 'reviews_dispatch_daily_stats', 'contact_card_sends_analytics'],
    byDay: true,
    rebuild: sqlRebuild('derived_rebuild_dispatch_daily_stats'),
    test: TEST,
  },
  {
    store: 'campaign_daily_stats',
    file: 'campaign_daily_stats.sql',
    sources: ['reviews', 'dispatches', 'locations.time_zone'],
    triggers: ['reviews_campaign_daily_stats', 'dispatches_campaign_daily_stats_insert/_update/_delete'],
    byDay: true,
    rebuild: sqlRebuild('derived_rebuild_campaign_daily_stats'),
    test: TEST,
  },
  {
    store: 'log_daily_counts',
    file: 'log_daily_counts.sql',
    sources: ['sms_messages', 'email_logs', 'locations.time_zone'],
    triggers: ['sms_messages_logs_insert/_update/_delete', 'email_logs_logs_insert/_update/_delete'],
    byDay: true,
    rebuild: sqlRebuild('derived_rebuild_log_daily_counts'),
    test: TEST,
  },
  {
    store: 'inbox_unread_totals',
    file: 'inbox_unread_totals.sql',
    sources: ['conversations', 'conversation_reads'],
    triggers: ['inbox_unread_conversations_inserted/_updated', 'inbox_unread_conversation_deleted', 'inbox_unread_reads_inserted/_updated/_deleted'],
    byDay: false,
    rebuild: sqlRebuild('derived_rebuild_inbox_unread_totals'),
    test: TEST,
  },
  {
    store: 'transcript_days',
    file: 'transcript_days.sql',
    sources: ['conversation_messages', 'conversations', 'users.email', 'sms_messages.status', 'locations.time_zone'],
    triggers: [
      'conversation_messages_transcripts_insert/_update/_delete',
      'sms_messages_transcripts_update/_delete',
      'conversations_transcripts',
      'users_transcripts_update/_delete',
      'locations_derived_zone',
    ],
    byDay: true,
    rebuild: staleStoredTranscriptDays,
    test: TEST,
  },
  {
    store: 'conversation_list_entries',
    file: 'conversation_list_entries.sql',
    sources: ['conversations'],
    triggers: ['conversations_list_entry_insert', 'conversations_list_entry_update'],
    byDay: false,
    rebuild: sqlRebuild('derived_rebuild_conversation_list_entries'),
    test: TEST,
  },
  {
    store: 'review_topic_daily_counts',
    file: 'review_topic_daily_counts.sql',
    sources: ['reviews', 'locations.time_zone'],
    triggers: ['reviews_review_topic_daily_counts_insert/_update/_delete'],
    byDay: true,
    rebuild: sqlRebuild('derived_rebuild_review_topic_daily_counts'),
    test: TEST,
  },
  {
    store: 'review_topic_monthly_counts',
    file: 'review_topic_monthly_counts.sql',
    sources: ['reviews', 'locations.time_zone'],
    triggers: ['reviews_review_topic_monthly_counts_insert/_update/_delete'],
    byDay: true,
    rebuild: sqlRebuild('derived_rebuild_review_topic_monthly_counts'),
    test: TEST,
  },
  {
    store: 'reviews.export_row',
    file: 'reviews_export_row.sql',
    sources: ['reviews', 'campaigns.name', 'campaigns.department'],
    triggers: ['reviews_export_campaign', 'reviews_export_row', 'campaigns_export_rows'],
    byDay: true,
    rebuild: sqlRebuild('derived_rebuild_reviews_export_row'),
    test: TEST,
  },
];
