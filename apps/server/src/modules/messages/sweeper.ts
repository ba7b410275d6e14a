import { type Database, messages } from "@booking/db";
import { and, eq, isNull, lte, or } from "@booking/db/orm";

/** A QUEUED message without a retry time whose job has not taken it after this lost its job. */
const STRANDED_AFTER_MS = 60_000;
/** Ids handed back per sweep; the next sweep takes the rest. */
const SWEEP_LIMIT = 1000;

/**
 * What the sweeper finds due at `now`: SCHEDULED messages whose time came (now QUEUED), QUEUED
 * ones whose retry time came or whose job was lost between the commit and the enqueue, and SENDING
 * ones whose attempt died. Returns their ids, to enqueue for delivery (which takes each once).
 * A message whose resend after a dead attempt died again is not tried a third time: FAILED.
 */
export async function sweepDueMessages(db: Database, now: Date): Promise<number[]> {
  await db
    .update(messages)
    .set({
      status: "FAILED",
      lastError: "the worker stopped twice while sending it",
      nextAttemptAt: null,
    })
    .where(
      and(
        eq(messages.status, "SENDING"),
        eq(messages.uncertain, true),
        lte(messages.nextAttemptAt, now),
      ),
    );
  const released = await db
    .update(messages)
    .set({ status: "QUEUED" })
    .where(and(eq(messages.status, "SCHEDULED"), lte(messages.sendAt, now)))
    .returning({ id: messages.id });
  const stranded = new Date(now.getTime() - STRANDED_AFTER_MS);
  const due = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      or(
        and(eq(messages.status, "QUEUED"), lte(messages.nextAttemptAt, now)),
        and(
          eq(messages.status, "QUEUED"),
          isNull(messages.nextAttemptAt),
          lte(messages.createdAt, stranded),
        ),
        and(eq(messages.status, "SENDING"), lte(messages.nextAttemptAt, now)),
      ),
    )
    .orderBy(messages.id)
    .limit(SWEEP_LIMIT);
  const ids = new Set([...released.map((row) => row.id), ...due.map((row) => row.id)]);
  return [...ids];
}
