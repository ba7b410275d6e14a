import { TRANSACTION_PROOF_UPLOAD, type TransactionProofView } from "@booking/contracts";
import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, apiUpload } from "../../lib/api";
import { toastSuccess } from "../../lib/toast";
import { AccountCard } from "../account/card";
import { SubmitButton } from "../ui/button";

const linkClass =
  "text-sm font-semibold text-accent-ink underline underline-offset-4 hover:no-underline";

/**
 * An order's proofs of payment (decision 0098): those sent, each opening in a new tab, and while
 * something is owed « Envoyer une preuve de paiement » (a PDF or a photo of the transfer) that
 * the organiser's staff see with the order.
 */
export function TransactionProofs({
  cartCuid,
  proofs,
  canSend,
  formatDateTime,
}: {
  cartCuid: string;
  proofs: TransactionProofView[];
  /** false once nothing is owed: the list alone stays */
  canSend: boolean;
  formatDateTime: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const inputId = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canSend && proofs.length === 0) return null;

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = new FormData(form).get("file");
    if (!(file instanceof File) || file.size === 0) {
      setError(t("forms.errors.PROOF_FILE_REQUIRED"));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await apiUpload<TransactionProofView>(
        `/api/carts/${encodeURIComponent(cartCuid)}/transaction-proofs`,
        file,
      );
      form.reset();
      toastSuccess(t("account_items.proofs.sent"));
      await revalidator.revalidate();
    } catch (caught) {
      setError(t(`forms.errors.${caught instanceof ApiRequestError ? caught.code : "UNKNOWN"}`));
    } finally {
      setPending(false);
    }
  }

  return (
    <AccountCard
      title={t("account_items.proofs.title")}
      description={canSend ? t("account_items.proofs.description") : undefined}
    >
      {proofs.length > 0 ? (
        <ul className="mb-4 flex flex-col divide-y divide-slate-200" data-testid="order-proofs">
          {proofs.map((proof) => (
            <li
              key={proof.cuid}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="order-proof"
            >
              <a href={proof.file_url} target="_blank" rel="noopener" className={linkClass}>
                {proof.file_name}
              </a>
              <span className="text-sm text-slate-600">
                {t("account_items.proofs.sent_at", { date: formatDateTime(proof.created_at) })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {canSend ? (
        <form className="flex flex-col gap-3" onSubmit={send} noValidate>
          <label htmlFor={inputId} className="text-sm font-medium text-slate-900">
            {t("account_items.proofs.file")}
          </label>
          <input
            id={inputId}
            name="file"
            type="file"
            accept={TRANSACTION_PROOF_UPLOAD.accept}
            aria-describedby={`${inputId}-hint`}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-200"
            data-testid="proof-file"
          />
          <p id={`${inputId}-hint`} className="text-sm text-slate-600">
            {t("account_items.proofs.hint")}
          </p>
          {error ? (
            <p role="alert" className="text-sm text-red-700" data-testid="proof-error">
              {error}
            </p>
          ) : null}
          <div>
            <SubmitButton pending={pending} data-testid="proof-send">
              {t("account_items.proofs.send")}
            </SubmitButton>
          </div>
        </form>
      ) : null}
    </AccountCard>
  );
}
