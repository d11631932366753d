/**
 * Who in this process hears of a message as soon as it is recorded (the live updates' poll answers). The event rows
 * and their NOTIFY are written by publishInboxEvent (queries/events.ts).
 */
const recordedHooks = new WeakMap<object, (locationId: number, messageId: number) => void>();

/** Calls `hook` with each message recorded (and committed) through `db` in this process. */
export function onMessageRecorded(db: object, hook: (locationId: number, messageId: number) => void): void {
  recordedHooks.set(db, hook);
}

/**
 * A message was recorded through `db`, outside any transaction (so it is committed): this process's poll answers
 * know it at once instead of when the NOTIFY comes back. A transaction's client is another object and is not heard.
 */
export function messageRecorded(db: object, locationId: number, messageId: number): void {
  recordedHooks.get(db)?.(locationId, messageId);
}
