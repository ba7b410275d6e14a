import type { InvoiceSourceKind } from "@booking/domain";
import { nowOf } from "../../http/clock.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { issueContextOf } from "./handler.ts";
import { issueInvoice } from "./issue.ts";
import { findInvoiceSettings } from "./settings-queries.ts";
import { findSource } from "./sources.ts";

/**
 * The invoice of something staff just asked a customer to pay outside any order (a booking made
 * for them), when the organiser issues with each order: in the staff's own short transaction,
 * as a credit note is, since no order's `cart.processed` event will ever name it
 * (docs/decisions/0083-invoices-for-every-debt.md).
 */
export async function issueOnStaffCreation(
  context: ConsoleContext,
  ref: { kind: InvoiceSourceKind; id: number },
  urls: PublicUrls,
): Promise<void> {
  const settings = await findInvoiceSettings(context.db, context.organiser.id);
  if (settings.issue_on !== "CART_PROCESSED") return;
  const source = await findSource(context.db, context.organiser.id, ref);
  if (!source) return;
  await issueInvoice(
    context.db,
    issueContextOf(
      context.organiser,
      settings,
      { urls, now: () => nowOf(context) },
      context.actor.collaboratorId,
    ),
    source,
  );
}
