import { PLATFORM_BILLING_ITEMS } from "@booking/domain";
import { z } from "zod";
import { listEnvelope } from "../common.ts";

// The organiser's console Billing page: what the platform bills it (issue 16 §3;
// docs/decisions/0078-platform-billing.md). Money in minor units of `currency`.

const line = z.object({
  kind: z.enum([...PLATFORM_BILLING_ITEMS, "carried_over", "referral_credit"]),
  quantity: z.number(),
  base_amount: z.number(),
  amount: z.number(),
});

/** GET /api/admin/billing: the current cycle so far, its projection, overdue invoices, referral. */
export const billingOverview = z.object({
  currency: z.string(),
  minimum_invoice_amount: z.number(),
  cycle: z.object({
    start_at: z.string(),
    end_at: z.string(),
    lines: z.array(line),
    /** VAT-exclusive, what the cycle's usage costs so far (with what earlier cycles carried) */
    amount: z.number(),
    /** VAT-exclusive, the amount so far extrapolated to the whole cycle */
    projected_amount: z.number(),
  }),
  overdue: z.array(z.object({ cuid: z.string(), number: z.string(), due_at: z.string() })),
  /** whether invoices can be paid online now (the platform's provider is set; decision 0082) */
  online_payment: z.boolean(),
  referral: z.object({
    link: z.string(),
    rate: z.number(),
    duration: z.number(),
    referred_organisers: z.number(),
    /** VAT-exclusive, credited so far on platform invoices */
    earnings: z.number(),
  }),
});
export type BillingOverview = z.infer<typeof billingOverview>;

export const platformInvoiceItem = z.object({
  cuid: z.string(),
  number: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  issued_at: z.string(),
  due_at: z.string(),
  total_amount: z.number(),
  currency: z.string(),
  status: z.enum(["OPEN", "OVERDUE", "PAID"]),
  paid_at: z.string().nullable(),
  pdf_url: z.string(),
  /** only when the organiser has a Peppol endpoint */
  ubl_url: z.string().nullable(),
});
export type PlatformInvoiceItem = z.infer<typeof platformInvoiceItem>;

/** GET /api/admin/billing/invoices: the organiser's platform invoices, newest first. */
export const platformInvoiceList = listEnvelope(platformInvoiceItem);
export type PlatformInvoiceList = z.infer<typeof platformInvoiceList>;

export const platformInvoiceParams = z.object({ cuid: z.string().max(40) });

/** POST /api/admin/billing/invoices/{cuid}/pay: the provider's page the browser goes to. */
export const platformPaymentStart = z.object({ next_action_url: z.string() });
export type PlatformPaymentStart = z.infer<typeof platformPaymentStart>;

/** A payment of a platform invoice (decision 0082), as the organiser and operators see it. */
export const platformPaymentView = z.object({
  cuid: z.string(),
  invoice_number: z.string(),
  provider: z.enum(["test", "mollie"]),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(["open", "paid", "failed", "expired", "canceled"]),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PlatformPaymentView = z.infer<typeof platformPaymentView>;
