import type { ConsoleInvoiceItem } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { invoicesApi } from "../../../lib/admin/invoices-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { Button } from "../../ui/button";
import { StatusBadge } from "../status-badge";

type Peppol = NonNullable<ConsoleInvoiceItem["peppol"]>;

const TONE: Record<Peppol["status"], "blue" | "green" | "red" | "yellow" | "grey"> = {
  PENDING: "grey",
  UPLOADED: "grey",
  IN_TRANSIT: "blue",
  SENT: "green",
  FAILED: "red",
  NOT_REGISTERED: "yellow",
};

/**
 * Where a business document stands on Peppol (decision 0076): queued, sent, delivered, refused
 * with the access point's reason, or a receiver not on the network; "Send again" for the last two
 * when staff may resend invoices. Nothing for a document that never went over Peppol.
 */
export function PeppolStatus({
  invoice,
  detailed = false,
}: {
  invoice: ConsoleInvoiceItem;
  /** the detail page: the reason in full and the time of the last change */
  detailed?: boolean;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const resend = useAdminMutation(() => invoicesApi.peppolResend(invoice.cuid), {
    success: t("admin.invoices.peppol.resent"),
  });
  const { peppol } = invoice;
  if (!peppol) return null;
  return (
    <span className="flex flex-col items-start gap-1" data-testid="peppol-status">
      <StatusBadge tone={TONE[peppol.status]} value={peppol.status}>
        {t(`admin.invoices.peppol.statuses.${peppol.status}`)}
      </StatusBadge>
      {peppol.error ? (
        <span
          className={`max-w-xs text-xs text-red-800 ${detailed ? "" : "line-clamp-2"}`}
          title={peppol.error}
        >
          {peppol.error}
        </span>
      ) : null}
      {detailed ? (
        <span className="text-xs text-slate-500">
          {t("admin.invoices.peppol.updated", { date: format.dateTime(peppol.updated_at) })}
        </span>
      ) : null}
      {peppol.retryable && can("notifications.trigger") ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => resend.mutate()}
          disabled={resend.pending}
          data-testid="peppol-resend"
        >
          {t("admin.invoices.peppol.send_again")}
        </Button>
      ) : null}
    </span>
  );
}
