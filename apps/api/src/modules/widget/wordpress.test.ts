import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { wordpressPluginPhp, wordpressPluginZip } from './wordpress.js';
import { createZip } from './zip.js';

/** Reads a stored (uncompressed) zip back through its central directory. */
function readZip(zip: Buffer): Record<string, string> {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26);
    const data = zip.subarray(start, start + size);
    expect(crc32(data) >>> 0).toBe(crc);
    files[name] = data.toString('utf8');
    at += 46 + nameLength;
  }
  return files;
}

describe('zip', () => {
  it('round-trips files with their checksums', () => {
    const zip = createZip([
      { name: 'a/one.txt', data: Buffer.from('hello') },
      { name: 'a/two.txt', data: Buffer.from('wörld') },
    ]);
    expect(readZip(zip)).toEqual({ 'a/one.txt': 'hello', 'a/two.txt': 'wörld' });
  });

  it('is readable by unzip when it is installed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-zip-'));
    const file = path.join(dir, 'p.zip');
    fs.writeFileSync(file, createZip([{ name: 'x/y.txt', data: Buffer.from('content') }]));
    let listing: string;
    try {
      listing = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    expect(listing).toContain('No errors detected');
  });
});

describe('the WordPress plugin', () => {
  const opts = { businessName: "Joe's */ Plumbing", scriptUrl: 'https://app.kudo.example/widget/kudo-widget.js', widgetKey: "abc'def" };

  it('prints the script with the key in the footer and offers the container shortcode', () => {
    const php = wordpressPluginPhp(opts);
    expect(php).toContain("define('KUDO_REVIEWS_SCRIPT', 'https://app.kudo.example/widget/kudo-widget.js');");
    expect(php).toContain("define('KUDO_REVIEWS_KEY', 'abc\\'def');");
    expect(php).toContain('data-kudo-widget="%s"');
    expect(php).toContain("add_action('wp_footer', 'kudo_reviews_print_script');");
    expect(php).toContain('id="kudo_widget_static_container"');
    expect(php).toContain("add_shortcode('kudo_reviews'");
    // A name cannot close the header comment.
    expect(php).toContain("Plugin Name: Kudo Reviews for Joe's    Plumbing");
    expect(php.match(/\*\//g)).toHaveLength(1);
  });

  it('is a zip with the plugin file and a readme', () => {
    const files = readZip(wordpressPluginZip(opts));
    expect(Object.keys(files)).toEqual(['kudo-reviews/kudo-reviews.php', 'kudo-reviews/readme.txt']);
    expect(files['kudo-reviews/kudo-reviews.php']).toBe(wordpressPluginPhp(opts));
  });
});
