/**
 * What a zip file (an .xlsx) says it holds, read from its central directory without inflating anything:
 * the number of entries and their total uncompressed size. Null when the bytes are not a readable zip
 * (or use zip64, which no honest spreadsheet upload needs).
 */
export function zipContents(buf: Buffer): { entries: number; uncompressedBytes: number } | null {
  const EOCD = 0x06054b50;
  const CDH = 0x02014b50;
  // The end-of-central-directory record sits in the last 22 + 65535 bytes.
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff || cdOffset + cdSize > buf.length) return null;
  let p = cdOffset;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CDH) return null;
    const uncompressed = buf.readUInt32LE(p + 24);
    if (uncompressed === 0xffffffff) return null;
    total += uncompressed;
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return { entries, uncompressedBytes: total };
}
