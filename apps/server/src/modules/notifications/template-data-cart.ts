import type { ProcessedCartView } from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import { paymentReferenceKindOf } from "@booking/domain";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { Organiser } from "../organisers/queries.ts";
import { epcQrPngDataUrl } from "../payments/epc-qr.ts";
import { emptyTemplateData, TemplateFormatter } from "./template-data-base.ts";
import { templateAvailability, templateRegistrations } from "./template-data-items.ts";
import type {
  EmailTemplateData,
  TemplateBankTransfer,
  TemplateCart,
  TemplateMembership,
} from "./template-data-types.ts";
import { accountUrl } from "./template-links.ts";

// §3.4's cart: checkout's processed-cart view (what the success page shows) as template data,
// with its registrations, bundles, vouchers, memberships and bank transfer instructions.

const INSTRUCTIONS = {
  fr: {
    colon: "\u00a0: ",
    intro: {
      STRUCTURED_COMMUNICATION:
        "Pour finaliser votre commande, effectuez un virement avec la communication structurée ci-dessous.",
      CREDITOR_REFERENCE:
        "Pour finaliser votre commande, effectuez un virement en indiquant la référence ci-dessous, telle quelle et seule, dans le champ « référence » (ou « communication ») du virement.",
    },
    beneficiary: "Bénéficiaire",
    iban: "IBAN",
    bic: "BIC",
    amount: "Montant",
    reference: {
      STRUCTURED_COMMUNICATION: "Communication structurée",
      CREDITOR_REFERENCE: "Référence de paiement",
    },
  },
  en: {
    colon: ": ",
    intro: {
      STRUCTURED_COMMUNICATION:
        "To complete your order, please make a bank transfer with the structured reference below.",
      CREDITOR_REFERENCE:
        "To complete your order, please make a bank transfer and enter the reference below, exactly as shown and on its own, in the transfer's reference field.",
    },
    beneficiary: "Account holder",
    iban: "IBAN",
    bic: "BIC",
    amount: "Amount",
    reference: {
      STRUCTURED_COMMUNICATION: "Structured reference",
      CREDITOR_REFERENCE: "Payment reference",
    },
  },
} as const;

/** The bank transfer instructions as one block of text, in the organiser's language. */
function instructionsText(transfer: TemplateBankTransfer | null, language: "fr" | "en"): string {
  if (!transfer) return "";
  const t = INSTRUCTIONS[language];
  const row = (label: string, value: string) => `${label}${t.colon}${value}`;
  return [
    t.intro[transfer.reference_kind],
    row(t.beneficiary, transfer.beneficiary),
    ...(transfer.iban ? [row(t.iban, transfer.iban)] : []),
    ...(transfer.bic ? [row(t.bic, transfer.bic)] : []),
    row(t.amount, transfer.amount),
    row(t.reference[transfer.reference_kind], transfer.reference),
  ].join("\n");
}

/** The cart's figures and what is still to transfer, from checkout's processed-cart view. */
export function templateCart(
  organiser: Organiser,
  urls: PublicUrls,
  view: ProcessedCartView,
): TemplateCart {
  const f = new TemplateFormatter(organiser);
  const amount = (minor: number) => ({ formatted: f.money(minor), minor });
  const { totals } = view;
  // Only what is owed by transfer (a delayed payment, the remainder after a deposit online).
  const transfer = view.bank_transfer && view.bank_transfer.amount > 0 ? view.bank_transfer : null;
  const bankTransfer: TemplateBankTransfer | null = transfer && {
    beneficiary: transfer.beneficiary,
    iban: transfer.iban,
    bic: transfer.bic,
    amount: f.money(transfer.amount),
    amount_minor: transfer.amount,
    reference: transfer.reference,
    reference_kind: paymentReferenceKindOf(view.reference),
    // A day of the organiser's calendar: noon UTC is that day in its zone.
    due_on: f.date(new Date(`${transfer.due_on}T12:00:00Z`)),
    qr_code: transfer.epc_qr ? epcQrPngDataUrl(transfer.epc_qr) : null,
  };
  const paidOnline = totals.paid - totals.wallet_used;
  const figures = {
    total_amount: amount(totals.total),
    service_fees: amount(totals.service_fees),
    wallet_used: amount(totals.wallet_used),
    paid_amount: amount(totals.paid),
    paid_online_amount: amount(paidOnline),
    outstanding_amount: amount(totals.outstanding),
  };
  return {
    cuid: view.cuid,
    reference: view.reference,
    url: accountUrl(organiser, urls, "carts", view.cuid),
    total_amount: figures.total_amount.formatted,
    total_amount_minor: figures.total_amount.minor,
    service_fees: figures.service_fees.formatted,
    service_fees_minor: figures.service_fees.minor,
    wallet_used: figures.wallet_used.formatted,
    wallet_used_minor: figures.wallet_used.minor,
    paid_amount: figures.paid_amount.formatted,
    paid_amount_minor: figures.paid_amount.minor,
    paid_online_amount: figures.paid_online_amount.formatted,
    paid_online_amount_minor: figures.paid_online_amount.minor,
    outstanding_amount: figures.outstanding_amount.formatted,
    outstanding_amount_minor: figures.outstanding_amount.minor,
    bank_transfer: bankTransfer,
    instructions: instructionsText(bankTransfer, organiser.language),
  };
}

/** The cart's registrations, bundles, vouchers and memberships, from its processed view. */
export async function cartParts(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  view: ProcessedCartView,
) {
  const f = new TemplateFormatter(organiser);
  const { registrations, availabilities } = await templateRegistrations(
    tx,
    organiser,
    urls,
    view.registrations.map((registration) => registration.cuid),
    view.reference,
  );
  const expiry = (expiresAt: string | null) => ({
    expires_at: expiresAt,
    expires_on: expiresAt ? f.date(new Date(expiresAt)) : null,
  });
  return {
    cart: templateCart(organiser, urls, view),
    registrations,
    availabilities,
    bundles: view.bundles.map((bundle) => ({
      cuid: bundle.cuid,
      url: accountUrl(organiser, urls, "bundles", bundle.cuid),
      title: bundle.bundle.title,
      participant: bundle.participant && { fullname: bundle.participant.fullname },
      ...expiry(bundle.expires_at),
      total_amount: f.money(bundle.total_amount),
      total_amount_minor: bundle.total_amount,
    })),
    vouchers: view.vouchers.map((voucher) => ({
      cuid: voucher.cuid,
      url: accountUrl(organiser, urls, "vouchers", voucher.cuid),
      title: voucher.voucher.title,
      code: voucher.code,
      ...expiry(voucher.expires_at),
      total_amount: f.money(voucher.total_amount),
      total_amount_minor: voucher.total_amount,
    })),
    memberships: view.memberships.map(
      (membership): TemplateMembership => ({
        cuid: membership.cuid,
        url: accountUrl(organiser, urls, "memberships", membership.cuid),
        title: membership.membership.title,
        participant: membership.participant && { fullname: membership.participant.fullname },
        ...f.period(new Date(membership.start_at), new Date(membership.end_at), "date"),
        total_amount: f.money(membership.total_amount),
        total_amount_minor: membership.total_amount,
      }),
    ),
  };
}

/** §3.4's data of a processed cart (checkout's view of it), before its customer is added. */
export async function cartTemplateData(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  view: ProcessedCartView,
): Promise<EmailTemplateData> {
  const { availabilities, ...parts } = await cartParts(tx, organiser, urls, view);
  return {
    ...emptyTemplateData(organiser, urls),
    ...parts,
    availabilities: availabilities.map((row) => templateAvailability(organiser, urls, row)),
  };
}
