/**
 * Waking the outbox right after a mail is queued, so that it leaves within seconds rather than at
 * the next sweep. `queueMail` runs inside its caller's transaction, which the mail service cannot
 * see commit: the wake-up is deferred a moment, and the outbox job it starts keeps looking for a
 * few seconds (outbox-job.ts), long enough for the usual request to commit. A mail committed later
 * (a long transaction) leaves at the next sweep (every 15 s by default). Each application built in
 * this process (tests build several) registers its waker; a waker ignores tenants it does not serve.
 */
const wakers = new Set<(tenant: string) => void>();

export function onOutboxKick(waker: (tenant: string) => void): () => void {
  wakers.add(waker);
  return () => wakers.delete(waker);
}

export function kickOutbox(tenant: string): void {
  for (const waker of wakers) waker(tenant);
}
