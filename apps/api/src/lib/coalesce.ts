/**
 * Calls that arrive together, done together: while `concurrent` batches are in flight, the calls that come in wait,
 * then go in one batch of up to `maxBatch` — the way a database commits several transactions with one flush. An idle
 * process runs a lone call at once, so nothing waits for a timer; under load one statement serves many callers. A
 * call waits only for batches that started after it arrived, so it never reads anything older than itself.
 *
 * `run` answers one result per item, in the items' order. When it throws, each item of the batch is run again alone,
 * so one bad item fails only its own caller.
 */
export interface CoalesceOptions {
  maxBatch: number;
  concurrent: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

export function coalesce<I, O>(run: (items: I[]) => Promise<O[]>, options: CoalesceOptions): (item: I) => Promise<O> {
  const waiting: Waiting<I, O>[] = [];
  let running = 0;

  async function runBatch(batch: Waiting<I, O>[]) {
    let results: O[];
    try {
      results = await run(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      await Promise.all(batch.map((w) => runBatch([w])));
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]!));
  }

  async function drain() {
    running += 1;
    try {
      while (waiting.length > 0) await runBatch(waiting.splice(0, options.maxBatch));
    } finally {
      running -= 1;
    }
  }

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (running < options.concurrent) void drain();
    });
}

/** One coalesced function per owner (a database client), made on first use. */
export function coalescedPer<K extends object, I, O>(make: (owner: K) => (item: I) => Promise<O>): (owner: K, item: I) => Promise<O> {
  const made = new WeakMap<K, (item: I) => Promise<O>>();
  return (owner, item) => {
    let fn = made.get(owner);
    if (!fn) made.set(owner, (fn = make(owner)));
    return fn(item);
  };
}
