import { useTranslation } from "../../../i18n/react";
import { type NavTab, NavTabs } from "../nav-tabs";

/** The tabs of the payments page, each shown to the collaborators who may read it. */
const TABS: readonly NavTab[] = [
  {
    to: "/admin/payments",
    label: "admin.payments.tabs.payments",
    permission: "payments.payments.read",
    end: true,
  },
  {
    to: "/admin/payments/outstanding",
    label: "admin.payments.tabs.outstanding",
    permission: "payments.payments.read",
  },
  {
    to: "/admin/payments/statements",
    label: "admin.payments.tabs.statements",
    permission: "bank.statements.read",
  },
  {
    to: "/admin/payments/lines",
    label: "admin.payments.tabs.lines",
    permission: "bank.statements.read",
  },
];

export function PaymentsTabs() {
  const { t } = useTranslation();
  return <NavTabs label={t("admin.payments.tabs.label")} tabs={TABS} />;
}
