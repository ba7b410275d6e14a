import type { CustomerDetail } from "@booking/contracts";
import { useNavigate } from "react-router";
import { CustomerForm } from "../../../components/admin/customers/customer-form";
import { PageHeader } from "../../../components/admin/page-header";
import { useTranslation } from "../../../i18n/react";
import { customerPath } from "../../../lib/admin/customer-paths";
import { customersApi } from "../../../lib/admin/customers-api";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { toastSuccess } from "../../../lib/toast";
import type { Route } from "./+types/edit";

/** Edits a customer's contact details and custom data (values of retired fields stay). */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "customers.customers.update");
  const detail = await adminGet<CustomerDetail>(
    args,
    `/api/admin/customers/${encodeURIComponent(args.params.cuid)}`,
  );
  return { customer: detail.customer, fields: detail.custom_fields };
}

export default function EditCustomer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { customer, fields } = loaderData;
  const back = customerPath(customer.cuid);
  return (
    <>
      <PageHeader
        title={t("admin.customers.edit.title", { name: customer.fullname })}
        back={{ to: back, label: customer.fullname }}
      />
      <CustomerForm
        fields={fields}
        customer={customer}
        submitLabel={t("admin.customers.edit.submit")}
        cancelTo={back}
        onSave={async (body) => {
          await customersApi.update(customer.cuid, body);
          toastSuccess(t("admin.customers.edit.done"));
          navigate(back);
        }}
      />
    </>
  );
}
