import { type Database, organisers, withTenant } from "@booking/db";
import { asc } from "@booking/db/orm";
import {
  cycleLines,
  cycleMonthOf,
  cycleOutcome,
  itemPrices,
  monthlyCycleBounds,
  monthsToIssue,
  platformInvoiceTotals,
  platformVatRegime,
  vatPercentageOf,
} from "@booking/domain";
import type { Logger } from "pino";
import type { Organiser } from "../organisers/queries.ts";
import { issuePlatformInvoice } from "./issue.ts";
import {
  type BillingCycleRow,
  findCycle,
  insertCycle,
  listCycles,
  lockOrganiserBilling,
  previousCycle,
  referredFees,
  usageBetween,
} from "./queries.ts";

// The monthly billing cycle (issue 16 §3; docs/decisions/0078-platform-billing.md): each
// organiser's month, in its own time zone, closes once it has ended — invoiced, or carried to
// the next month when below the minimum invoice amount. A referrer's cycle credits its share of
// the fees invoiced to the organisers it referred during that cycle (decision 0078).

/**
 * Closes the organiser's cycle of `month` ("YYYY-MM") at `now`, in one transaction: its usage
 * priced by the organiser's items, plus what the previous cycle carried over, invoiced with VAT
 * by the organiser's country and VAT status, or carried over. Idempotent: a cycle already closed
 * (by an earlier run, or a concurrent one holding the organiser's lock) is returned as it is.
 */
export async function closeCycle(
  db: Database,
  organiser: Organiser,
  month: string,
  now: Date,
): Promise<BillingCycleRow> {
  const { start, end } = monthlyCycleBounds(month, organiser.timezone);
  const referral = {
    rate: organiser.referral.rate,
    fees: await referredFees(db, organiser, { start, end }, organiser.referral.duration),
  };
  return withTenant(db, organiser.id, async (tx) => {
    await lockOrganiserBilling(tx, organiser.id);
    const closed = await findCycle(tx, organiser.id, start);
    if (closed) return closed;
    const previous = await previousCycle(tx, organiser.id, start);
    const carriedIn = previous?.status === "CARRIED" ? previous.amount : 0;
    const prices = itemPrices(organiser.billing.items);
    const usage = await usageBetween(tx, organiser.id, start, end);
    const lines = cycleLines(prices, usage, carriedIn, referral);
    const vat = platformVatRegime(
      { country: organiser.country, vat_number: organiser.vatNumber },
      vatPercentageOf(organiser.billing.taxes),
    );
    const amount = platformInvoiceTotals(lines, vat).taxable_amount;
    const base = { organiserId: organiser.id, startAt: start, endAt: end, amount, carriedIn };
    if (cycleOutcome(amount, organiser.billing.minimum_invoice_amount) === "CARRIED") {
      return insertCycle(tx, { ...base, status: "CARRIED", invoiceId: null });
    }
    const invoice = await issuePlatformInvoice(tx, {
      organiser,
      period: { start, end },
      lines,
      prices,
      vat,
      now,
    });
    return insertCycle(tx, { ...base, status: "INVOICED", invoiceId: invoice.id });
  });
}

/** The months of the organiser that have ended at `now` and are not closed yet, oldest first. */
export async function monthsToClose(db: Database, organiser: Organiser, now: Date) {
  const cycles = await withTenant(db, organiser.id, (tx) => listCycles(tx, organiser.id));
  const done = cycles.map((cycle) => cycleMonthOf(cycle.startAt, organiser.timezone));
  return monthsToIssue(organiser.createdAt, now, organiser.timezone, done);
}

/**
 * Closes every organiser's ended cycles at `now` (workers down for months catch up, oldest
 * first), each in its own transaction: one failing leaves the others closed. Answers how many
 * cycles it closed.
 */
export async function closeEndedCycles(db: Database, now: Date, log: Logger): Promise<number> {
  let closed = 0;
  for (const organiser of await db.select().from(organisers).orderBy(asc(organisers.id))) {
    for (const month of await monthsToClose(db, organiser, now)) {
      try {
        await closeCycle(db, organiser, month, now);
        closed += 1;
      } catch (error) {
        log.error({ err: error, organiserId: organiser.id, month }, "billing cycle not closed");
        break;
      }
    }
  }
  return closed;
}
