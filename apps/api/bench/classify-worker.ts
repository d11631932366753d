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

/**
 * `count` texts of one to four sentences, some naming the technician: the same on every run, and varied (the
 * sentences are picked by steps prime to the list's length).
 */
export function benchTexts(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const parts = Array.from({ length: 1 + ((i * 7) % 4) }, (_, j) => SENTENCES[(i * 11 + j * 5 + Math.floor(i / 17)) % SENTENCES.length]!);
    if (i % 5 < 2) parts.unshift(`${NAMES[(i * 3) % NAMES.length]} did the job.`);
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
