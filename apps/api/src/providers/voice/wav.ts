/**
 * A short WAV file (16-bit mono PCM): two soft tones, so the local voice provider stores a real, playable
 * recording and every player, widget and export on the way handles actual audio.
 */
export function toneWav(seconds = 1.6, sampleRate = 8000): Buffer {
  const samples = Math.floor(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / sampleRate;
    const freq = t < seconds / 2 ? 523.25 : 659.25;
    const fade = Math.min(1, t * 20, (seconds - t) * 20);
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * freq * t) * 6000 * fade), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
