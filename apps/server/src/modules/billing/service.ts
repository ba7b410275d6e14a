import type { BillingOverview, PlatformInvoiceItem, PlatformInvoiceList } from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import {
  cycleLines,
  cycleMonthOf,
  itemPrices,
  monthlyCycleBounds,
  type PlatformInvoiceLine,
} from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { Organiser } from "../organisers/queries.ts";
import { hasPlatformUbl } from "./files.ts";
import {
  findPlatformInvoice,
  listPlatformInvoices,
  type PlatformInvoiceRow,
  previousCycle,
  referralSummary,
  usageBetween,
} from "./queries.ts";

// The organiser's Billing page (issue 16 §3; docs/decisions/0078-platform-billing.md).

const DAY_MS = 86_400_000;

/** Whether an unpaid invoice is overdue at `now`: past its due date by the organiser's delay. */
export function isOverdue(invoice: PlatformInvoiceRow, delayDays: number, now: Date): boolean {
  return invoice.paidAt === null && now.getTime() >= invoice.dueAt.getTime() + delayDays * DAY_MS;
}

/**
 * The cycle's amount extrapolated to its whole length: flat amounts as they are, what grows
 * with use in proportion to the time elapsed.
 */
function projected(lines: PlatformInvoiceLine[], flat: number, elapsed: number, length: number) {
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  if (elapsed <= 0) return total;
  return flat + Math.round(((total - flat) * length) / elapsed);
}

/** The organiser's current cycle at `now`: its usage so far, priced, and its projection. */
export async function currentCycle(
  db: TenantTx,
  organiser: Organiser,
  now: Date,
): Promise<Pick<BillingOverview, "currency" | "minimum_invoice_amount" | "cycle">> {
  const { start, end } = monthlyCycleBounds(
    cycleMonthOf(now, organiser.timezone),
    organiser.timezone,
  );
  const previous = await previousCycle(db, organiser.id, start);
  const carriedIn = previous?.status === "CARRIED" ? previous.amount : 0;
  const prices = itemPrices(organiser.billing.items);
  const lines = cycleLines(prices, await usageBetween(db, organiser.id, start, now), carriedIn);
  const flat = prices.reduce((sum, price) => sum + price.flat_amount, 0) + carriedIn;
  return {
    currency: organiser.currency,
    minimum_invoice_amount: organiser.billing.minimum_invoice_amount,
    cycle: {
      start_at: start.toISOString(),
      end_at: end.toISOString(),
      lines,
      amount: lines.reduce((sum, line) => sum + line.amount, 0),
      projected_amount: projected(
        lines,
        flat,
        now.getTime() - start.getTime(),
        end.getTime() - start.getTime(),
      ),
    },
  };
}

export async function billingOverview(
  context: ConsoleContext,
  options: { platformUrl: string; onlinePayment: boolean },
): Promise<BillingOverview> {
  const { db, organiser } = context;
  const now = context.clock?.() ?? new Date();
  const delay = organiser.billing.delay_before_overdue;
  const invoices = await listPlatformInvoices(db, organiser.id);
  const referral = await referralSummary(db, organiser.id);
  return {
    ...(await currentCycle(db, organiser, now)),
    overdue: invoices
      .filter((invoice) => isOverdue(invoice, delay, now))
      .map((invoice) => ({
        cuid: invoice.cuid,
        number: invoice.number,
        due_at: invoice.dueAt.toISOString(),
      })),
    online_payment: options.onlinePayment,
    referral: {
      link: `${options.platformUrl}/${organiser.language}/signup?ref=${encodeURIComponent(organiser.slug)}`,
      rate: organiser.referral.rate,
      duration: organiser.referral.duration,
      ...referral,
    },
  };
}

/** An invoice as listed; its files under `base` (the organiser's or the operators' calls). */
export function itemOf(
  invoice: PlatformInvoiceRow,
  delay: number,
  now: Date,
  base = `/api/admin/billing/invoices/${invoice.cuid}`,
): PlatformInvoiceItem {
  return {
    cuid: invoice.cuid,
    number: invoice.number,
    period_start: invoice.snapshot.period.start_at,
    period_end: invoice.snapshot.period.end_at,
    issued_at: invoice.issuedAt.toISOString(),
    due_at: invoice.dueAt.toISOString(),
    total_amount: invoice.totalAmount,
    currency: invoice.snapshot.currency,
    status: invoice.paidAt ? "PAID" : isOverdue(invoice, delay, now) ? "OVERDUE" : "OPEN",
    paid_at: invoice.paidAt?.toISOString() ?? null,
    pdf_url: `${base}/pdf`,
    ubl_url: hasPlatformUbl(invoice.snapshot) ? `${base}/ubl` : null,
  };
}

export async function listBillingInvoices(
  context: ConsoleContext,
  paging: { page_number: number; page_size: number },
): Promise<PlatformInvoiceList> {
  const { db, organiser } = context;
  const now = context.clock?.() ?? new Date();
  const all = await listPlatformInvoices(db, organiser.id);
  const offset = (paging.page_number - 1) * paging.page_size;
  return {
    data: all
      .slice(offset, offset + paging.page_size)
      .map((invoice) => itemOf(invoice, organiser.billing.delay_before_overdue, now)),
    count: all.length,
    limit: paging.page_size,
    offset,
  };
}

/** A platform invoice of the organiser, for its PDF or UBL. */
export async function billingInvoiceFile(context: ConsoleContext, cuid: string) {
  const invoice = await findPlatformInvoice(context.db, context.organiser.id, cuid);
  if (!invoice) throw new AppError("INVOICE_NOT_FOUND");
  return invoice;
}
