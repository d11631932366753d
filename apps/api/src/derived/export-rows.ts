import type { Db } from '../lib/db.js';
import { poolOf, Prisma } from '../lib/db.js';

/** Reviews whose export rows one statement writes again. */
const BATCH = 500;

/**
 * Writes again the export rows (reviews.export_row) of a campaign's reviews, BATCH at a time, each batch its own
 * transaction: after a rename, which commits first and so never holds every review of the campaign. Run after the
 * rename's commit; the rename waited for the reviews being written with the old name (prisma/derived/
 * reviews_export_row.sql), so every review this reads is one to write again. Answers how many it wrote.
 */
export async function rewriteCampaignExportRows(db: Db, locationId: number, campaignId: number): Promise<number> {
  let after = 0;
  let written = 0;
  for (;;) {
    const { rows } = await poolOf(db).query<{ last: number | null; n: number }>(
      `WITH batch AS (
         UPDATE reviews SET export_row = NULL
          WHERE id IN (SELECT id FROM reviews WHERE location_id = $1 AND campaign_id = $2 AND id > $3 ORDER BY id LIMIT $4)
         RETURNING id
       )
       SELECT max(id) AS last, count(*)::int AS n FROM batch`,
      [locationId, campaignId, after, BATCH],
    );
    const { last, n } = rows[0]!;
    if (last === null) return written;
    written += n;
    after = last;
  }
}

/** Run inside a rename's transaction: its trigger then leaves the export rows to rewriteCampaignExportRows. */
export const EXPORT_ROWS_AFTER = Prisma.sql`SELECT set_config('kudo.export_rows', 'after', true)`;
