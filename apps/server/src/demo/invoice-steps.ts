import { addCartItemsBody, billingDetailsBody, checkoutBody } from "@booking/contracts";
import { vouchers } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { addCartItems } from "../modules/carts/service.ts";
import { checkout } from "../modules/checkout/service.ts";
import { saveBillingDetails } from "../modules/invoices/billing-details.ts";
import { issueContextOf } from "../modules/invoices/handler.ts";
import { issueInvoice } from "../modules/invoices/issue.ts";
import { findInvoiceSettings } from "../modules/invoices/settings-queries.ts";
import { findCartSource } from "../modules/invoices/sources.ts";
import type { DemoStep } from "./request-steps.ts";
import type { DemoWorld } from "./world.ts";

/** The demo's business customer (README "Invoices and credit notes"). */
export const DEMO_COMPANY_EMAIL = "company@demo.test";

/**
 * A company buys two gift vouchers for its staff from the storefront, with its billing details
 * (a Belgian VAT number, so a Peppol participant), to pay by transfer; the invoice is issued as
 * the invoicing job does after `cart.processed` (docs/decisions/0074-customer-invoices.md).
 */
export function companyInvoiceStep(world: DemoWorld, at: Date): DemoStep {
  return {
    at,
    run: async () => {
      const { tx, organiser, actors } = world;
      const context = actors.customer(await world.customerId(DEMO_COMPANY_EMAIL), at);
      await saveBillingDetails(
        context,
        billingDetailsBody.parse({
          company_name: "Brasserie du Parc SRL",
          street: "Avenue du Parc 12",
          postcode: "1060",
          city: "Saint-Gilles",
          vat_number: "BE0403170701",
        }),
      );
      const [voucher] = await tx
        .select({ id: vouchers.id })
        .from(vouchers)
        .where(
          and(eq(vouchers.organiserId, organiser.id), eq(vouchers.title, "Chèque-cadeau 100 €")),
        );
      if (!voucher) throw new Error("demo flows: the 100 € gift voucher is missing");
      const cart = await addCartItems(
        context,
        addCartItemsBody.parse({
          vouchers: [{ voucher_id: voucher.id }, { voucher_id: voucher.id }],
        }),
      );
      await checkout(
        context,
        checkoutBody.parse({ cart_id: cart.id, payment_strategy: "DELAYED", terms: true }),
        world.payments,
      );
      const source = await findCartSource(tx, organiser.id, cart.id);
      if (!source) throw new Error("demo flows: the company's order was not processed");
      const settings = await findInvoiceSettings(tx, organiser.id);
      await issueInvoice(
        tx,
        issueContextOf(organiser, settings, { urls: world.mail.urls, now: () => at }),
        source,
      );
    },
  };
}
