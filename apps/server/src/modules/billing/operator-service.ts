import type {
  PlatformCycleRerunResponse,
  PlatformInvoiceRows,
  PlatformOrganiserBilling,
  platformBillingBody,
  platformInvoicesQuery,
} from "@booking/contracts";
import { type Database, withTenant } from "@booking/db";
import {
  cycleMonthOf,
  itemPrices,
  monthlyCycleBounds,
  monthsToIssue,
  platformVatRegime,
  vatPercentageOf,
} from "@booking/domain";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { Organiser } from "../organisers/queries.ts";
import { closeCycle } from "./cycle.ts";
import {
  auditOperatorAction,
  findAnyPlatformInvoice,
  searchPlatformInvoices,
  updateOrganiserBilling,
} from "./operator-queries.ts";
import { listPlatformPayments } from "./payment-queries.ts";
import { platformPaymentView } from "./payments.ts";
import { findCycle, listCycles, listPlatformInvoices } from "./queries.ts";
import { currentCycle, itemOf } from "./service.ts";

// The operators' side of the platform's billing (issue 16 §3; decision 0082): an organiser's
// usage, invoices, payments and cycles; its items and taxes adjusted (audited); a cycle rerun;
// every organiser's invoices.

/** How far back the rerun offers months: two years of cycles. */
const RERUN_MONTHS = 24;

/** An invoice's files, served to operators whatever its organiser. */
const operatorFiles = (cuid: string) => `/api/admin/platform/billing/invoices/${cuid}`;

/** The ended months a rerun may close: since the sign-up, and those already closed, newest first. */
function rerunnableMonths(organiser: Organiser, closed: string[], now: Date): string[] {
  const sinceSignUp = monthsToIssue(organiser.createdAt, now, organiser.timezone, []);
  return [...new Set([...sinceSignUp, ...closed])].sort().reverse().slice(0, RERUN_MONTHS);
}

export async function organiserBilling(
  db: Database,
  organiser: Organiser,
  now: Date,
): Promise<PlatformOrganiserBilling> {
  const delay = organiser.billing.delay_before_overdue;
  return withTenant(db, organiser.id, async (tx) => {
    const [usage, invoices, payments, cycles] = [
      await currentCycle(tx, organiser, now),
      await listPlatformInvoices(tx, organiser.id),
      await listPlatformPayments(tx, organiser.id),
      await listCycles(tx, organiser.id),
    ];
    const numbers = new Map(invoices.map((invoice) => [invoice.id, invoice.number]));
    const months = cycles.map((cycle) => cycleMonthOf(cycle.startAt, organiser.timezone));
    const vat = platformVatRegime(
      { country: organiser.country, vat_number: organiser.vatNumber },
      vatPercentageOf(organiser.billing.taxes),
    );
    return {
      usage,
      items: itemPrices(organiser.billing.items),
      taxes: organiser.billing.taxes.map((tax) => ({ type: tax.type, percentage: tax.percentage })),
      vat,
      invoices: invoices.map((invoice) => itemOf(invoice, delay, now, operatorFiles(invoice.cuid))),
      payments: payments.map((row) => platformPaymentView(row.payment, row.number)),
      cycles: cycles
        .map((cycle, index) => ({
          month: months[index]!,
          status: cycle.status,
          amount: cycle.amount,
          invoice_number: cycle.invoiceId ? (numbers.get(cycle.invoiceId) ?? null) : null,
        }))
        .reverse(),
      rerunnable_months: rerunnableMonths(organiser, months, now),
    };
  });
}

/** Sets the organiser's items and taxes (audited); what it had stays for the items not sent. */
export async function adjustBilling(
  db: Database,
  input: {
    organiser: Organiser;
    operatorId: number;
    body: z.output<typeof platformBillingBody>;
  },
): Promise<Organiser> {
  return updateOrganiserBilling(db, {
    organiser: input.organiser,
    operatorId: input.operatorId,
    billing: input.body,
  });
}

/**
 * Closes the organiser's cycle of `month` now, as the hourly job would have: idempotent — a
 * cycle closed already (by the job, an earlier rerun or one at the same time) is answered as it
 * is and nothing changes. Only a rerun that closed the cycle is audited.
 */
export async function rerunCycle(
  db: Database,
  input: { organiser: Organiser; operatorId: number; month: string; now: Date },
): Promise<PlatformCycleRerunResponse> {
  const { organiser, month, now } = input;
  const { start, end } = monthlyCycleBounds(month, organiser.timezone);
  const before = await withTenant(db, organiser.id, (tx) => findCycle(tx, organiser.id, start));
  const signUpMonth = cycleMonthOf(organiser.createdAt, organiser.timezone);
  if (end > now || (!before && month < signUpMonth)) throw new AppError("BILLING_CYCLE_NOT_ENDED");
  const cycle = before ?? (await closeCycle(db, organiser, month, now));
  const changed = before === null;
  const invoice = cycle.invoiceId
    ? await withTenant(db, organiser.id, async (tx) =>
        (await listPlatformInvoices(tx, organiser.id)).find((row) => row.id === cycle.invoiceId),
      )
    : undefined;
  if (changed) {
    await auditOperatorAction(db, {
      operatorId: input.operatorId,
      organiserId: organiser.id,
      action: "organiser.billing_cycle_rerun",
      details: { month, status: cycle.status, invoice: invoice?.number ?? null },
    });
  }
  return {
    month,
    status: cycle.status,
    amount: cycle.amount,
    invoice_number: invoice?.number ?? null,
    changed,
  };
}

export async function listAllPlatformInvoices(
  db: Database,
  query: z.output<typeof platformInvoicesQuery>,
  now: Date,
): Promise<PlatformInvoiceRows> {
  const limit = query.page_size;
  const offset = (query.page_number - 1) * limit;
  const { rows, count } = await searchPlatformInvoices(db, {
    status: query.status,
    limit,
    offset,
    now,
  });
  return {
    data: rows.map(({ invoice, organiser }) => ({
      ...itemOf(invoice, organiser.billing.delay_before_overdue, now, operatorFiles(invoice.cuid)),
      organiser: { cuid: organiser.cuid, name: organiser.name, slug: organiser.slug },
    })),
    count,
    limit,
    offset,
  };
}

export async function anyPlatformInvoice(db: Database, cuid: string) {
  const invoice = await findAnyPlatformInvoice(db, cuid);
  if (!invoice) throw new AppError("INVOICE_NOT_FOUND");
  return invoice;
}
