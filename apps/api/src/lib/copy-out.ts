import type { Pool } from 'pg';
import { to } from 'pg-copy-streams';

/** The signature that opens PostgreSQL's binary COPY format. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The rows of PostgreSQL's binary COPY format, each as its fields' bytes (null for NULL). A text field's bytes are its
 * UTF-8 text as stored, unescaped, so they can be sent on without being decoded into a JavaScript string and encoded
 * again. Each field is a view of `data`, not a copy; the rows are read in one synchronous pass.
 */
export function parseBinaryCopy(data: Buffer): (Buffer | null)[][] {
  let at = 0;
  const need = (n: number, what: string) => {
    if (at + n > data.length) throw new Error(`Binary COPY data ended inside ${what}`);
  };
  need(SIGNATURE.length + 8, 'the header');
  if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('Not binary COPY data');
  at = SIGNATURE.length + 4;
  const extension = data.readInt32BE(at);
  at += 4;
  need(extension, 'the header extension');
  at += extension;
  const rows: (Buffer | null)[][] = [];
  for (;;) {
    need(2, 'a row');
    const count = data.readInt16BE(at);
    at += 2;
    if (count === -1) return rows;
    const row: (Buffer | null)[] = new Array(count);
    for (let i = 0; i < count; i++) {
      need(4, 'a field');
      const size = data.readInt32BE(at);
      at += 4;
      if (size === -1) row[i] = null;
      else {
        need(size, 'a field');
        row[i] = data.subarray(at, at + size);
        at += size;
      }
    }
    rows.push(row);
  }
}

/** The rows of binary COPY data arriving in chunks, however they are cut: gathered, then read in one pass. */
export async function binaryCopyRows(chunks: AsyncIterable<Buffer>): Promise<(Buffer | null)[][]> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return parseBinaryCopy(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
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
