import type { ProcessedCartView } from "@booking/contracts";
import { type PaymentReferenceKind, paymentReferenceKindOf } from "@booking/domain";
import { useState } from "react";
import { useTranslation } from "../../i18n/react";
import { type Formatters, formatDay } from "../../lib/format";
import { useLanguage } from "../../lib/root-data";
import { toastError, toastSuccess } from "../../lib/toast";
import { InfoIcon } from "../icons";
import { Button } from "../ui/button";
import { EpcQrCode } from "./epc-qr-code";

/** "BE68539007547034" → "BE68 5390 0754 7034". */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, "")
    .toUpperCase()
    .replace(/(.{4})/g, "$1 ")
    .trim();
}

/**
 * What the instructions call the reference and where they say to put it: a Belgian structured
 * communication in the bank's structured field, an ISO 11649 creditor reference in the
 * transfer's reference field (docs/decisions/0032-payment-references.md).
 */
const REFERENCE_TEXTS: Record<
  PaymentReferenceKind,
  { intro: string; label: string; hint: string }
> = {
  STRUCTURED_COMMUNICATION: {
    intro: "checkout.bank_transfer.intro",
    label: "checkout.bank_transfer.reference",
    hint: "checkout.bank_transfer.reference_hint",
  },
  CREDITOR_REFERENCE: {
    intro: "checkout.bank_transfer.creditor_intro",
    label: "checkout.bank_transfer.creditor_reference",
    hint: "checkout.bank_transfer.creditor_reference_hint",
  },
};

/**
 * The bank transfer instructions (storefront.md §4 Checkout): the day it is due, beneficiary,
 * amount, IBAN, BIC, the EPC QR code banking apps scan (euros and an IBAN) and the payment
 * reference with a copy button. Shown on the checkout success page and on the
 * account's registration page while something is owed.
 */
export function BankTransfer({
  transfer,
  format,
}: {
  /** `due_on` comes with an order (the success page); a registration's balance has none */
  transfer: Omit<NonNullable<ProcessedCartView["bank_transfer"]>, "due_on"> & { due_on?: string };
  format: Formatters;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [copied, setCopied] = useState(false);
  const texts = REFERENCE_TEXTS[paymentReferenceKindOf(transfer.reference)];
  // The deadline, beside the QR code when there is one.
  const due = transfer.due_on ? (
    <span
      className="mt-4 block rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950"
      data-testid="success-due"
    >
      {t("checkout.bank_transfer.due", {
        date: formatDay(transfer.due_on, language, {
          weekday: "long",
          day: "numeric",
          month: "long",
          year: "numeric",
        }),
      })}
    </span>
  ) : null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(transfer.reference);
      setCopied(true);
      toastSuccess(t("checkout.bank_transfer.copied"));
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toastError("UNKNOWN_ERROR", t);
    }
  };
  return (
    <section
      aria-labelledby="bank-transfer-title"
      className="rounded-2xl border-2 border-[var(--accent-ink)] bg-white p-4 sm:p-6"
      data-testid="bank-transfer"
    >
      <div className="flex items-start gap-3">
        <InfoIcon className="mt-1 size-5 shrink-0 text-accent-ink" aria-hidden="true" />
        <div>
          <h2 id="bank-transfer-title" className="text-xl font-semibold text-slate-950">
            {t("checkout.bank_transfer.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t(texts.intro)}</p>
        </div>
      </div>
      {transfer.epc_qr ? null : due}
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <Detail label={t("checkout.bank_transfer.beneficiary")} value={transfer.beneficiary} />
        <Detail
          label={t("checkout.bank_transfer.amount")}
          value={format.money(transfer.amount)}
          testId="success-amount"
        />
        {transfer.iban ? (
          <Detail
            label={t("checkout.bank_transfer.iban")}
            value={formatIban(transfer.iban)}
            mono
            testId="success-iban"
          />
        ) : null}
        {transfer.bic ? (
          <Detail label={t("checkout.bank_transfer.bic")} value={transfer.bic} mono />
        ) : null}
      </dl>
      {transfer.epc_qr ? (
        <figure className="mt-6 flex flex-col items-center gap-4 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center">
          <EpcQrCode
            payload={transfer.epc_qr}
            label={t("checkout.bank_transfer.qr_label", {
              amount: format.money(transfer.amount),
              reference: transfer.reference,
            })}
          />
          <figcaption className="text-sm text-slate-700">
            <span className="block text-base font-semibold text-slate-950">
              {t("checkout.bank_transfer.qr_title")}
            </span>
            <span
              className="mt-1 block text-lg font-bold text-slate-950"
              data-testid="epc-qr-amount"
            >
              {format.money(transfer.amount)}
            </span>
            <span className="mt-1 block">{t("checkout.bank_transfer.qr_hint")}</span>
            {due}
          </figcaption>
        </figure>
      ) : null}
      <div className="mt-6 rounded-xl bg-slate-50 p-4">
        <p className="text-sm font-medium text-slate-700">{t(texts.label)}</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p
            // Sized to stay on one line on a 390 px phone, structured (20 characters) or RF (≤ 25).
            className="font-mono text-lg font-bold tracking-wide break-all text-slate-950 min-[400px]:text-xl sm:text-3xl"
            data-testid="success-reference"
          >
            {transfer.reference}
          </p>
          <Button variant="secondary" onClick={copy} data-testid="success-reference-copy">
            {copied ? t("checkout.bank_transfer.copied_short") : t("checkout.bank_transfer.copy")}
          </Button>
        </div>
        <p className="mt-2 text-sm text-slate-600">{t(texts.hint)}</p>
      </div>
    </section>
  );
}

function Detail({
  label,
  value,
  mono,
  testId,
}: {
  label: string;
  value: string;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        data-testid={testId}
        className={
          mono
            ? "font-mono text-base font-semibold break-all text-slate-950"
            : "text-base font-semibold break-words text-slate-950"
        }
      >
        {value}
      </dd>
    </div>
  );
}
