import type { ActiveCustomFieldsResponse } from "@booking/contracts";
import { useNavigate } from "react-router";
import { CustomerForm } from "../../../components/admin/customers/customer-form";
import { PageHeader } from "../../../components/admin/page-header";
import { useTranslation } from "../../../i18n/react";
import { CUSTOMERS_PATH, customerPath } from "../../../lib/admin/customer-paths";
import { customersApi } from "../../../lib/admin/customers-api";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { toastSuccess } from "../../../lib/toast";
import type { Route } from "./+types/new";

/** A customer created at the desk: contact details and the active customer fields. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "customers.customers.create");
  const fields = await adminGet<ActiveCustomFieldsResponse>(
    args,
    "/api/admin/customers/custom-fields",
  );
  return { fields: fields.customers };
}

export default function NewCustomer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t("admin.customers.new.title")}
        description={t("admin.customers.new.description")}
        back={{ to: CUSTOMERS_PATH, label: t("admin.customers.title") }}
      />
      <CustomerForm
        fields={loaderData.fields}
        submitLabel={t("admin.customers.new.submit")}
        cancelTo={CUSTOMERS_PATH}
        onSave={async (body) => {
          const created = await customersApi.create(body);
          toastSuccess(t("admin.customers.new.done", { name: created.fullname }));
          navigate(customerPath(created.cuid));
        }}
      />
    </>
  );
}
