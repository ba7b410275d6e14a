import type { CartInvoicesView, InvoiceListItem } from "@booking/contracts";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, apiRequest } from "../../lib/api";
import { AccountCard } from "../account/card";
import { Button } from "../ui/button";

const linkClass =
  "text-sm font-semibold text-accent-ink underline underline-offset-4 hover:no-underline";

/** What the invoices are asked for: an order, an approved registration request or a booking. */
export type InvoicePage =
  | { cart_cuid: string }
  | { registration_request_cuid: string }
  | { booking_cuid: string };

/**
 * The invoices and credit notes of an order, a request or a booking with their downloads (PDF,
 * and the Peppol UBL for a business), and "Request an invoice" when the organiser issues them on
 * request.
 */
export function OrderInvoices({
  page,
  data,
  formatMoney,
  formatDate,
}: {
  page: InvoicePage;
  data: CartInvoicesView;
  formatMoney: (minor: number) => string;
  formatDate: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (data.invoices.length === 0 && !data.requestable) return null;

  async function request() {
    setPending(true);
    setError(null);
    try {
      await apiRequest<{ invoice: InvoiceListItem }>("POST", "/api/invoices", page);
      await revalidator.revalidate();
    } catch (caught) {
      setError(t(`forms.errors.${caught instanceof ApiRequestError ? caught.code : "UNKNOWN"}`));
    } finally {
      setPending(false);
    }
  }

  return (
    <AccountCard title={t("invoices.title")}>
      {data.invoices.length > 0 ? (
        <ul className="flex flex-col divide-y divide-slate-200" data-testid="order-invoices">
          {data.invoices.map((invoice) => (
            <li
              key={invoice.cuid}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span className="flex flex-col">
                <span className="font-medium text-slate-950">
                  {t(`invoices.types.${invoice.type}`)} {invoice.number}
                </span>
                <span className="text-sm text-slate-600">
                  {formatDate(invoice.created_at)} ·{" "}
                  {formatMoney(
                    invoice.type === "CREDIT_NOTE" ? -invoice.total_amount : invoice.total_amount,
                  )}
                </span>
              </span>
              <span className="flex gap-3">
                <a href={invoice.pdf_url} className={linkClass} download data-testid="invoice-pdf">
                  {t("invoices.pdf")}
                </a>
                {invoice.ubl_url ? (
                  <a href={invoice.ubl_url} className={linkClass} download>
                    {t("invoices.ubl")}
                  </a>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {data.requestable ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-600">{t("invoices.request_hint")}</p>
          <Button
            variant="secondary"
            onClick={request}
            disabled={pending}
            data-testid="request-invoice"
            className="self-start"
          >
            {t("invoices.request")}
          </Button>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </AccountCard>
  );
}
