import type { AdminSessionResponse } from "@booking/contracts";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { hasPermission } from "../../../lib/admin/permissions";

/**
 * Says above every console page that a platform invoice is overdue (decision 0082): those who
 * may see the platform invoices get the way to pay it, the others a note to tell the owner.
 */
export function BillingOverdueBanner({ session }: { session: AdminSessionResponse }) {
  const { t } = useTranslation();
  if (!session.organiser?.billing_overdue) return null;
  const canPay = hasPermission(session, "billing.invoices.read");
  return (
    <section
      aria-label={t("admin.billing_overdue.label")}
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
      data-testid="billing-overdue-banner"
    >
      <p role="status">
        {t(canPay ? "admin.billing_overdue.payer" : "admin.billing_overdue.others")}
      </p>
      {canPay ? (
        <Link
          to="/admin/settings/billing"
          className="rounded font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-700"
        >
          {t("admin.billing_overdue.pay")}
        </Link>
      ) : null}
    </section>
  );
}
