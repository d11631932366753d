import type { Pool } from 'pg';
import { to } from 'pg-copy-streams';

/** The signature that opens PostgreSQL's binary COPY format. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The rows of PostgreSQL's binary COPY format, given as the chunks it arrived in however they are cut, each row as
 * its fields' bytes (null for NULL). A text field's bytes are its UTF-8 text as stored, unescaped, so they can be sent
 * on without being decoded into a JavaScript string and encoded again. A field inside one chunk is a view of it; only
 * a field cut between chunks is copied. The rows are read in one synchronous pass.
 */
export function parseBinaryCopy(chunks: readonly Buffer[]): (Buffer | null)[][] {
  let index = 0;
  let at = 0;
  /** The next n bytes: a view when they lie in one chunk, else a copy of their pieces; null when the data ends first. */
  const take = (n: number): Buffer | null => {
    while (index < chunks.length && at === chunks[index]!.length) {
      index++;
      at = 0;
    }
    const chunk = chunks[index];
    if (n === 0) return Buffer.alloc(0);
    if (!chunk) return null;
    if (chunk.length - at >= n) {
      at += n;
      return chunk.subarray(at - n, at);
    }
    const parts: Buffer[] = [];
    let need = n;
    while (need > 0) {
      const c = chunks[index];
      if (!c) return null;
      const piece = c.subarray(at, at + need);
      parts.push(piece);
      need -= piece.length;
      at += piece.length;
      if (at === c.length) {
        index++;
        at = 0;
      }
    }
    return Buffer.concat(parts, n);
  };
  const must = (n: number, what: string) => {
    const bytes = take(n);
    if (!bytes) throw new Error(`Binary COPY data ended inside ${what}`);
    return bytes;
  };
  const header = must(SIGNATURE.length + 8, 'the header');
  if (!header.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('Not binary COPY data');
  must(header.readInt32BE(SIGNATURE.length + 4), 'the header extension');
  const rows: (Buffer | null)[][] = [];
  for (;;) {
    const count = must(2, 'a row').readInt16BE(0);
    if (count === -1) return rows;
    const row: (Buffer | null)[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const size = must(4, 'a field').readInt32BE(0);
      row[i] = size === -1 ? null : must(size, 'a field');
    }
    rows.push(row);
  }
}

/** The rows of binary COPY data arriving in chunks: gathered as they come, then read in one pass. */
export async function binaryCopyRows(chunks: AsyncIterable<Buffer>): Promise<(Buffer | null)[][]> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parseBinaryCopy(parts);
}

/**
 * The rows of `query` (a SELECT whose values are written into it: COPY takes no parameters) read through COPY in
 * PostgreSQL's binary format on a connection of `pool`, each as its fields' bytes.
 */
export async function copyOutRows(pool: Pool, query: string): Promise<(Buffer | null)[][]> {
  const client = await pool.connect();
  // A connection left inside a COPY that failed is closed, not given back to the pool.
  let failed: Error | undefined;
  try {
    return await binaryCopyRows(client.query(to(`COPY (${query}) TO STDOUT (FORMAT binary)`)));
  } catch (error) {
    failed = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failed);
  }
}
