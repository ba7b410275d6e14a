import { PLATFORM_BILLING_ITEMS } from "@booking/domain";
import { z } from "zod";
import { listEnvelope, pagingQuery } from "../common.ts";
import { billingOverview, platformInvoiceItem, platformPaymentView } from "./billing.ts";

// The operators' side of the platform's billing (issue 16 §3; decision 0082): every organiser's
// usage, invoices and payments, its items and taxes adjusted (audited), a cycle rerun.

const money = (max: number) => z.int("INVALID_TYPE").min(0, "TOO_SMALL").max(max, "TOO_BIG");
const percentage = z
  .number("INVALID_TYPE")
  .min(0, "TOO_SMALL")
  .max(100, "TOO_BIG")
  .refine((value) => Number.isInteger(value * 100), "INVALID_FORMAT");

export const billingItemInput = z.object({
  item: z.enum(PLATFORM_BILLING_ITEMS, { error: "INVALID_CHOICE" }),
  flat_amount: money(10_000_000),
  unit_amount: money(1_000_000),
  percentage,
  metadata: z.record(z.string(), z.unknown()).default({}),
});

/** PUT /api/admin/platform/organisers/{cuid}/billing: the organiser's items and VAT. */
export const platformBillingBody = z.object({
  items: z
    .array(billingItemInput, "INVALID_TYPE")
    .max(PLATFORM_BILLING_ITEMS.length, "TOO_LONG")
    .refine((items) => new Set(items.map((item) => item.item)).size === items.length, "DUPLICATE"),
  taxes: z
    .array(
      z.object({
        type: z.literal("VAT", { error: "INVALID_CHOICE" }),
        percentage,
        metadata: z.record(z.string(), z.unknown()).default({}),
      }),
      "INVALID_TYPE",
    )
    .max(1, "TOO_LONG"),
});
export type PlatformBillingBody = z.input<typeof platformBillingBody>;

/** GET /api/admin/platform/organisers/{cuid}/billing */
export const platformOrganiserBilling = z.object({
  usage: billingOverview.pick({ currency: true, minimum_invoice_amount: true, cycle: true }),
  items: z.array(billingItemInput.required()),
  taxes: z.array(z.object({ type: z.literal("VAT"), percentage: z.number() })),
  /** the VAT the organiser's invoices carry: its rate, or the reverse charge / outside scope */
  vat: z.object({ category: z.string(), rate: z.number() }),
  invoices: z.array(platformInvoiceItem),
  payments: z.array(platformPaymentView),
  /** the months that ended and are closed (INVOICED or CARRIED), newest first */
  cycles: z.array(
    z.object({
      month: z.string(),
      status: z.enum(["INVOICED", "CARRIED"]),
      amount: z.number(),
      invoice_number: z.string().nullable(),
    }),
  ),
  /** the ended months a rerun may close, newest first */
  rerunnable_months: z.array(z.string()),
});
export type PlatformOrganiserBilling = z.infer<typeof platformOrganiserBilling>;

/** POST /api/admin/platform/organisers/{cuid}/billing/rerun */
export const platformCycleRerunBody = z.object({
  month: z.string("INVALID_TYPE").regex(/^\d{4}-(0[1-9]|1[0-2])$/, "INVALID_FORMAT"),
});
export const platformCycleRerunResponse = z.object({
  month: z.string(),
  status: z.enum(["INVOICED", "CARRIED"]),
  amount: z.number(),
  invoice_number: z.string().nullable(),
  /** false when the cycle was closed already: nothing changed */
  changed: z.boolean(),
});
export type PlatformCycleRerunResponse = z.infer<typeof platformCycleRerunResponse>;

/** GET /api/admin/platform/billing/invoices: every organiser's platform invoices. */
export const platformInvoicesQuery = pagingQuery.extend({
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["OPEN", "OVERDUE", "PAID"], { error: "INVALID_CHOICE" }).optional(),
  ),
});
export type PlatformInvoicesQuery = z.input<typeof platformInvoicesQuery>;

export const platformInvoiceRow = platformInvoiceItem.extend({
  organiser: z.object({ cuid: z.string(), name: z.string(), slug: z.string() }),
});
export type PlatformInvoiceRow = z.infer<typeof platformInvoiceRow>;
export const platformInvoiceRows = listEnvelope(platformInvoiceRow);
export type PlatformInvoiceRows = z.infer<typeof platformInvoiceRows>;
