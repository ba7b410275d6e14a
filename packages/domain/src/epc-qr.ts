import {
  normaliseCreditorReference,
  normaliseStructuredCommunication,
} from "./payment-reference.ts";

/**
 * The EPC QR code of a bank transfer (EPC069-12 "Quick Response Code: guidelines to enable data
 * capture for the initiation of a SEPA credit transfer", version 002): the text a banking app
 * scans to fill in a transfer, one element a line —
 *
 *   BCD / 002 / 1 (UTF-8) / SCT / BIC / name / IBAN / EUR amount / purpose /
 *   structured remittance (creditor reference) / unstructured remittance / information
 *
 * Only for euros (SEPA credit transfers are in euros) and an account with an IBAN.
 * docs/decisions/0070-console-toasts-and-epc-qr.md.
 */

export const EPC_QR_MAX_NAME = 70;
export const EPC_QR_MAX_REMITTANCE = 140;
/** The largest amount a code may carry: 999 999 999.99 in cents. */
export const EPC_QR_MAX_AMOUNT = 99_999_999_999;
/** The whole payload may not exceed 331 bytes. */
export const EPC_QR_MAX_BYTES = 331;

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export interface EpcTransfer {
  /** the beneficiary's name (cut to 70 characters) */
  beneficiary: string;
  iban: string | null;
  bic: string | null;
  /** in cents */
  amount: number;
  /** ISO 4217 */
  currency: string;
  /** the payment reference: a Belgian structured communication or an ISO 11649 reference */
  reference: string;
}

/** The first `max` characters of `text` (whole characters, never half a surrogate pair). */
function cut(text: string, max: number): string {
  return Array.from(text.replace(/\s+/g, " ").trim()).slice(0, max).join("");
}

/** "EUR148.50": the amount in euros, 2 decimals (the guidelines allow at most 2). */
function euros(cents: number): string {
  return `EUR${(cents / 100).toFixed(2)}`;
}

/**
 * Where the reference goes: an ISO 11649 creditor reference in the structured remittance field
 * (the only reference that field takes); a Belgian structured communication as `+++…+++` in the
 * unstructured one, where Belgian banking apps recognise it and fill their structured field.
 */
function remittance(reference: string): { structured: string; unstructured: string } {
  const creditor = normaliseCreditorReference(reference);
  if (creditor) return { structured: creditor, unstructured: "" };
  const belgian = normaliseStructuredCommunication(reference);
  return { structured: "", unstructured: cut(belgian ?? reference, EPC_QR_MAX_REMITTANCE) };
}

/**
 * The payload of the transfer's EPC QR code, or null when there can be none: not in euros, no
 * valid IBAN, no name, nothing to pay or more than a code can carry.
 */
export function epcQrPayload(transfer: EpcTransfer): string | null {
  if (transfer.currency !== "EUR") return null;
  const iban = (transfer.iban ?? "").replace(/\s+/g, "").toUpperCase();
  if (!IBAN.test(iban)) return null;
  const name = cut(transfer.beneficiary, EPC_QR_MAX_NAME);
  if (name === "") return null;
  if (!Number.isSafeInteger(transfer.amount) || transfer.amount < 1) return null;
  if (transfer.amount > EPC_QR_MAX_AMOUNT) return null;
  const bic = (transfer.bic ?? "").replace(/\s+/g, "").toUpperCase();
  const { structured, unstructured } = remittance(transfer.reference);
  const payload = [
    "BCD",
    "002",
    "1",
    "SCT",
    // Optional within the EEA since version 002: left out when it is not a valid BIC.
    BIC.test(bic) ? bic : "",
    name,
    iban,
    euros(transfer.amount),
    "",
    structured,
    unstructured,
  ].join("\n");
  return new TextEncoder().encode(payload).length <= EPC_QR_MAX_BYTES ? payload : null;
}
