import type { ActiveCustomFieldsResponse, CustomerDetail } from "@booking/contracts";
import { DEFAULT_TIME_ZONE, localDay } from "@booking/domain";
import { useNavigate } from "react-router";
import { PageHeader } from "../../../components/admin/page-header";
import { ParticipantForm } from "../../../components/participants/participant-form";
import { useTranslation } from "../../../i18n/react";
import { customerPath, participantPath } from "../../../lib/admin/customer-paths";
import { customersApi } from "../../../lib/admin/customers-api";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { notFound } from "../../../lib/server-context";
import { toastSuccess } from "../../../lib/toast";
import type { Route } from "./+types/new";

/** A participant added to a customer (`?customer=` its cuid) from the customer's page. */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requirePermission(args, "participants.participants.create");
  const cuid = new URL(args.request.url).searchParams.get("customer")?.trim();
  if (!cuid) notFound();
  const [detail, fields] = await Promise.all([
    adminGet<CustomerDetail>(args, `/api/admin/customers/${encodeURIComponent(cuid)}`),
    adminGet<ActiveCustomFieldsResponse>(args, "/api/admin/customers/custom-fields"),
  ]);
  return {
    customer: { cuid: detail.customer.cuid, fullname: detail.customer.fullname },
    fields: fields.participants,
    today: localDay(new Date(), session.organiser?.timezone ?? DEFAULT_TIME_ZONE),
  };
}

export default function NewParticipant({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { customer, fields, today } = loaderData;
  const back = customerPath(customer.cuid, "participants");
  return (
    <>
      <PageHeader
        title={t("admin.participants.new.title", { name: customer.fullname })}
        back={{ to: back, label: customer.fullname }}
      />
      <div className="max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        <ParticipantForm
          fields={fields}
          today={today}
          submitLabel={t("admin.participants.new.submit")}
          cancelTo={back}
          onSave={async (input) => {
            const created = await customersApi.createParticipant({
              customer: customer.cuid,
              ...input,
            });
            toastSuccess(t("admin.participants.new.done", { name: created.participant.fullname }));
            navigate(participantPath(created.participant.cuid));
          }}
        />
      </div>
    </>
  );
}
