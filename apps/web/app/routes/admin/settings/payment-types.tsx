import type { PaymentTypesView } from "@booking/contracts";
import type { PaymentType } from "@booking/domain";
import { useState } from "react";
import { Link } from "react-router";
import { FormPanel } from "../../../components/admin/form-panel";
import { StatusBadge } from "../../../components/admin/status-badge";
import { Button } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { apiRequest } from "../../../lib/api";
import type { Route } from "./+types/payment-types";

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "payment_types.payment_types.read");
  return { types: await adminGet<PaymentTypesView>(args, "/api/admin/payment-types") };
}

/**
 * The order checkout offers the payment types in (decision 0092): the first one switched on is
 * the customer's default choice when an amount remains to pay. Switching a type on or off is
 * Settings › Payments'.
 */
export default function PaymentTypesSettings({ loaderData }: Route.ComponentProps) {
  return <PaymentTypesForm key={JSON.stringify(loaderData.types)} types={loaderData.types.data} />;
}

function PaymentTypesForm({ types }: { types: PaymentTypesView["data"] }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const readOnly = !can("payment_types.payment_types.update");
  const [order, setOrder] = useState<PaymentType[]>(types.map((row) => row.type));
  const enabled = new Map(types.map((row) => [row.type, row.enabled]));
  const changed = order.join() !== types.map((row) => row.type).join();
  const { mutate, pending } = useAdminMutation(
    () => apiRequest<PaymentTypesView>("PUT", "/api/admin/payment-types", { order }),
    { success: t("admin.settings.saved") },
  );
  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    setOrder(next);
  };
  return (
    <FormPanel
      title={t("admin.settings.payment_types.title")}
      description={t("admin.settings.payment_types.description")}
      testId="payment-types"
    >
      <ol className="flex flex-col gap-2">
        {order.map((type, index) => (
          <li
            key={type}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3"
            data-testid={`payment-type-${type}`}
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="w-6 text-center font-semibold text-slate-500 tabular-nums">
                {index + 1}
              </span>
              <span className="font-medium text-slate-950">
                {t(`admin.settings.payment_types.types.${type}`)}
              </span>
              {enabled.get(type) ? (
                <StatusBadge tone="green">{t("admin.settings.payment_types.on")}</StatusBadge>
              ) : (
                <StatusBadge tone="grey">{t("admin.settings.payment_types.off")}</StatusBadge>
              )}
            </span>
            {readOnly ? null : (
              <span className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={t("admin.settings.payment_types.up", {
                    type: t(`admin.settings.payment_types.types.${type}`),
                  })}
                  data-testid="payment-type-up"
                >
                  ↑
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={index === order.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={t("admin.settings.payment_types.down", {
                    type: t(`admin.settings.payment_types.types.${type}`),
                  })}
                  data-testid="payment-type-down"
                >
                  ↓
                </Button>
              </span>
            )}
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-600">
        {t("admin.settings.payment_types.switch")}{" "}
        <Link
          to="/admin/settings/payments"
          className="font-semibold text-accent-ink underline-offset-4 hover:underline"
        >
          {t("admin.settings.tabs.payments")}
        </Link>
      </p>
      {readOnly ? null : (
        <div>
          <Button
            onClick={() => void mutate()}
            disabled={pending || !changed}
            data-testid="payment-types-save"
          >
            {t("admin.settings.payment_types.save")}
          </Button>
        </div>
      )}
    </FormPanel>
  );
}
