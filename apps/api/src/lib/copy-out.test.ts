import { describe, expect, it } from 'vitest';
import { binaryCopyRows } from './copy-out.js';

/** Rows written in PostgreSQL's binary COPY format, as the server sends them (with a header extension). */
function encode(rows: (string | null)[][], extension = Buffer.alloc(0)): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')];
  const int = (n: number, size: 2 | 4) => {
    const b = Buffer.alloc(size);
    if (size === 2) b.writeInt16BE(n);
    else b.writeInt32BE(n);
    return b;
  };
  parts.push(int(0, 4), int(extension.length, 4), extension);
  for (const row of rows) {
    parts.push(int(row.length, 2));
    for (const field of row) {
      if (field === null) parts.push(int(-1, 4));
      else {
        const bytes = Buffer.from(field, 'utf8');
        parts.push(int(bytes.length, 4), bytes);
      }
    }
  }
  parts.push(int(-1, 2));
  return Buffer.concat(parts);
}

async function* cut(data: Buffer, sizes: number[]) {
  let at = 0;
  for (let i = 0; at < data.length; i++) {
    const size = sizes[i % sizes.length]!;
    yield data.subarray(at, at + size);
    at += size;
  }
}

const read = async (chunks: AsyncIterable<Buffer>) =>
  (await binaryCopyRows(chunks)).map((row) => row.map((f) => (f === null ? null : f.toString('utf8'))));

describe('binaryCopyRows', () => {
  const rows = [
    ['2026-11-01', 'a,b\r\n"quoted ""x"""\r\n'],
    ['2026-11-02', ''],
    ['2026-11-03', null],
    ['2026-11-04', 'Zoë 😀 \\ \t end\r\n'.repeat(50)],
  ];

  it('reads every row and field, whatever size the chunks are', async () => {
    const data = encode(rows, Buffer.from('ext'));
    for (const sizes of [[data.length], [1], [2, 3], [7], [5, 64, 1], [19]]) {
      expect(await read(cut(data, sizes)), `chunks of ${sizes.join('/')}`).toEqual(rows);
    }
  });

  it('reads no rows from an empty result', async () => {
    expect(await read(cut(encode([]), [4]))).toEqual([]);
  });

  it('refuses data that is not binary COPY, or that stops inside a row', async () => {
    await expect(read(cut(Buffer.from('2026-11-01\tlines\n'.repeat(3)), [8]))).rejects.toThrow('Not binary COPY data');
    const data = encode(rows);
    await expect(read(cut(data.subarray(0, data.length - 40), [16]))).rejects.toThrow('ended inside a field');
  });
});
