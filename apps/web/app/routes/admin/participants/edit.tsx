import type { AdminParticipantDetail } from "@booking/contracts";
import { DEFAULT_TIME_ZONE, localDay } from "@booking/domain";
import { useNavigate } from "react-router";
import { PageHeader } from "../../../components/admin/page-header";
import { ParticipantForm } from "../../../components/participants/participant-form";
import { useTranslation } from "../../../i18n/react";
import { participantPath } from "../../../lib/admin/customer-paths";
import { customersApi } from "../../../lib/admin/customers-api";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { toastSuccess } from "../../../lib/toast";
import type { Route } from "./+types/edit";

/** Edits a participant's names, birthdate and custom data (retired fields' values stay). */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requirePermission(args, "participants.participants.update");
  const detail = await adminGet<AdminParticipantDetail>(
    args,
    `/api/admin/participants/${encodeURIComponent(args.params.cuid)}`,
  );
  return {
    participant: detail.participant,
    fields: detail.custom_fields,
    today: localDay(new Date(), session.organiser?.timezone ?? DEFAULT_TIME_ZONE),
  };
}

export default function EditParticipant({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { participant, fields, today } = loaderData;
  const back = participantPath(participant.cuid);
  return (
    <>
      <PageHeader
        title={t("admin.participants.edit.title", { name: participant.fullname })}
        back={{ to: back, label: participant.fullname }}
      />
      <div className="max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        <ParticipantForm
          fields={fields}
          today={today}
          participant={participant}
          submitLabel={t("admin.participants.edit.submit")}
          cancelTo={back}
          onSave={async (input) => {
            await customersApi.updateParticipant(participant.cuid, input);
            toastSuccess(t("admin.participants.edit.done"));
            navigate(back);
          }}
        />
      </div>
    </>
  );
}
