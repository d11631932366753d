import type { Pool } from 'pg';
import { to } from 'pg-copy-streams';

/** The signature that opens PostgreSQL's binary COPY format. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The rows of PostgreSQL's binary COPY format, read from its chunks however they are cut: each row as its fields'
 * bytes (null for NULL). A text field's bytes are its UTF-8 text as stored, unescaped, so they can be sent on without
 * being decoded into a JavaScript string and encoded again. A field inside one chunk is a view of it, not a copy.
 */
export async function* binaryCopyRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<(Buffer | null)[]> {
  const held: Buffer[] = [];
  let length = 0;
  let ended = false;
  const source = chunks[Symbol.asyncIterator]();
  /** The next n bytes, waiting for more chunks as needed; null when the data ended first. */
  const take = async (n: number): Promise<Buffer | null> => {
    while (length < n) {
      if (ended) return null;
      const next = await source.next();
      if (next.done) ended = true;
      else if (next.value.length > 0) {
        held.push(next.value);
        length += next.value.length;
      }
    }
    let out: Buffer;
    if (held[0]!.length >= n) out = held[0]!.subarray(0, n);
    else {
      const parts: Buffer[] = [];
      let need = n;
      for (let i = 0; need > 0; i++) {
        parts.push(held[i]!.subarray(0, Math.min(need, held[i]!.length)));
        need -= parts.at(-1)!.length;
      }
      out = Buffer.concat(parts, n);
    }
    // Drop what was taken.
    let drop = n;
    while (drop > 0) {
      const first = held[0]!;
      if (first.length <= drop) {
        held.shift();
        drop -= first.length;
      } else {
        held[0] = first.subarray(drop);
        drop = 0;
      }
    }
    length -= n;
    return out;
  };
  const must = async (n: number, what: string) => {
    const bytes = await take(n);
    if (!bytes) throw new Error(`Binary COPY data ended inside ${what}`);
    return bytes;
  };
  const header = await must(SIGNATURE.length + 8, 'the header');
  if (!header.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('Not binary COPY data');
  await must(header.readInt32BE(SIGNATURE.length + 4), 'the header extension');
  for (;;) {
    const count = (await must(2, 'a row')).readInt16BE(0);
    if (count === -1) return;
    const row: (Buffer | null)[] = [];
    for (let i = 0; i < count; i++) {
      const size = (await must(4, 'a field')).readInt32BE(0);
      row.push(size === -1 ? null : size === 0 ? Buffer.alloc(0) : await must(size, 'a field'));
    }
    yield row;
  }
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
    const rows: (Buffer | null)[][] = [];
    for await (const row of binaryCopyRows(client.query(to(`COPY (${query}) TO STDOUT (FORMAT binary)`)))) rows.push(row);
    return rows;
  } catch (error) {
    failed = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failed);
  }
}
