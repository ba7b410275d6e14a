import { useTranslation } from "../../../i18n/react";
import { customersApi } from "../../../lib/admin/customers-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { ExternalLinkIcon } from "../../icons";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../dialog";

/**
 * "Open their account" (customers.impersonate): after a confirmation, the customer's storefront
 * account opens in a new tab, in a session marked as staff's and written to the audit log. The
 * tab is opened during the click (a popup blocker lets it through) and sent to the one-time link
 * once the API answers; without a tab, this one goes.
 */
export function ImpersonateButton({ customer }: { customer: { cuid: string; fullname: string } }) {
  const { t } = useTranslation();
  const impersonation = useAdminMutation(() => customersApi.impersonate(customer.cuid), {
    revalidate: false,
  });
  return (
    <ConfirmDialog
      tone="primary"
      title={t("admin.customers.impersonate.title", { name: customer.fullname })}
      description={t("admin.customers.impersonate.description", { name: customer.fullname })}
      confirmLabel={t("admin.customers.impersonate.confirm")}
      onConfirm={async () => {
        const tab = window.open("", "_blank");
        const outcome = await impersonation.mutate();
        if (!outcome.ok) {
          tab?.close();
          return false;
        }
        if (tab) tab.location.href = outcome.value.url;
        else window.location.assign(outcome.value.url);
        return true;
      }}
      trigger={
        <Button variant="secondary" data-testid="impersonate-customer">
          <ExternalLinkIcon className="size-4" />
          {t("admin.customers.impersonate.open")}
        </Button>
      }
    />
  );
}
