import type { CustomerProfileView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { customersApi } from "../../../lib/admin/customers-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../dialog";

/**
 * The customer's newsletter consent on their page: since when and how; staff holding
 * newsletters.subscribers.update may withdraw it, never give it (decision 0047).
 */
export function NewsletterConsent({ customer }: { customer: CustomerProfileView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const { newsletter } = customer;
  const unsubscribe = useAdminMutation(() => customersApi.unsubscribeNewsletter(customer.cuid), {
    success: t("admin.customers.newsletter.done"),
  });
  const source = newsletter.source
    ? t(`admin.customers.newsletter.sources.${newsletter.source}`)
    : "";
  const state = newsletter.subscribed
    ? t("admin.customers.newsletter.subscribed", {
        date: format.date(newsletter.subscribed_at ?? customer.created_at),
        source,
      })
    : newsletter.unsubscribed_at
      ? t("admin.customers.newsletter.unsubscribed", {
          date: format.date(newsletter.unsubscribed_at),
          source,
        })
      : t("admin.customers.newsletter.not_subscribed");
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="customer-newsletter">
      <span>{state}</span>
      {newsletter.subscribed && can("newsletters.subscribers.update") ? (
        <ConfirmDialog
          title={t("admin.customers.newsletter.unsubscribe")}
          description={t("admin.customers.newsletter.confirm", { name: customer.fullname })}
          confirmLabel={t("admin.customers.newsletter.unsubscribe")}
          onConfirm={async () => (await unsubscribe.mutate()).ok}
          trigger={
            <Button size="sm" variant="secondary">
              {t("admin.customers.newsletter.unsubscribe")}
            </Button>
          }
        />
      ) : null}
      {newsletter.subscribed ? null : (
        <span className="w-full text-sm text-slate-600">
          {t("admin.customers.newsletter.consent_note")}
        </span>
      )}
    </div>
  );
}
