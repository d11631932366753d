import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-type.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const text = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));

describe('sniffImage', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.ext).toBe('png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))?.mime).toBe('image/jpeg');
    expect(sniffImage(text('GIF89a....'))?.ext).toBe('gif');
    expect(sniffImage(text('RIFF\0\0\0\0WEBPVP8 '))?.ext).toBe('webp');
  });

  it('refuses everything else, including SVG and text that claims to be an image', () => {
    expect(sniffImage(text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImage(text('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffImage(text('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImage(bytes(0x89, 0x50))).toBeNull();
    expect(sniffImage(bytes())).toBeNull();
  });
});
