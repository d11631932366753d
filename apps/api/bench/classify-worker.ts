// The local classifier's side of bench:insights, in a worker thread (node:worker_threads): classifies `count` review
// texts made up from the sentences below and posts how long it took. A thread of its own, as the worker process's
// classification does not share an event loop with the requests it must not hold up.
import { parentPort, workerData } from 'node:worker_threads';
import { classifyText } from '../src/providers/insights/local.js';

/** Sentences customers write about the trade's topics, praised and blamed, and a few about nothing in particular. */
const SENTENCES = [
  'The technician arrived right on time.',
  'They showed up two hours late and never called.',
  'Fair price, exactly what the quote said.',
  'The bill was way higher than the estimate.',
  'Very professional and courteous crew.',
  'The tech was rude and pushed an upgrade we did not need.',
  'The leak is fixed and everything works great.',
  'The drain clogged again two days later.',
  'They cleaned up after themselves and wore shoe covers.',
  'They left a mess of debris in the hallway.',
  'He explained every step before starting.',
  'Nobody answered the phone or returned my calls.',
  'We got a same-day appointment.',
  'Had to reschedule twice before anyone came.',
  'Thank you so much!',
  'Would recommend to anyone.',
  'The water heater install took all day.',
  'Our kitchen sink is draining again.',
];
const NAMES = ['Mike', 'Sarah', 'Priya', 'Kevin', 'Tasha', 'Luis', 'James', 'Marcus'];

/** A small seeded generator (mulberry32): the same texts on every run. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` texts of one to four sentences, some naming the technician. */
export function benchTexts(count: number, seed = 20_261_127): string[] {
  const rand = generator(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  return Array.from({ length: count }, () => {
    const n = 1 + Math.floor(rand() * 4);
    const parts = Array.from({ length: n }, () => pick(SENTENCES));
    if (rand() < 0.4) parts.unshift(`${pick(NAMES)} did the job.`);
    return parts.join(' ');
  });
}

if (parentPort) {
  const { count } = workerData as { count: number };
  const texts = benchTexts(count);
  // The model is read on the first classification: once before the clock starts, as a running worker has it.
  classifyText(texts[0]!);
  const started = performance.now();
  let topics = 0;
  for (const text of texts) topics += Object.keys(classifyText(text).topics).length;
  const ms = performance.now() - started;
  parentPort.postMessage({ count, ms, topics });
}
