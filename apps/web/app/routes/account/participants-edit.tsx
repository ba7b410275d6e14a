import { localDay } from "@booking/domain";
import { useNavigate, useRevalidator } from "react-router";
import { requireAccount } from "../../components/account/account-data";
import { AccountCard } from "../../components/account/card";
import { DangerZone } from "../../components/account/danger-zone";
import { AccountPageHeader } from "../../components/account/page-header";
import { useLocalizedHref } from "../../components/localized-link";
import { PARTICIPANTS_PATH } from "../../components/participants/after-create";
import { ParticipantForm } from "../../components/participants/participant-form";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import { seoMeta } from "../../lib/seo";
import { notFound } from "../../lib/server-context";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastPromise } from "../../lib/toast";
import type { Route } from "./+types/participants-edit";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront } = requireAccount(context, params, request);
  const participant = await storefront.reader.participant(params.cuid);
  // Another customer's participant, a deleted one or a made-up cuid.
  if (!participant) notFound();
  const { organiser } = storefront;
  return {
    seo: simplePageSeo(context, params, request, {
      title: "participants.edit_page.title",
      description: "participants.meta_description",
      path: `${PARTICIPANTS_PATH}/${participant.cuid}/edit`,
      robots: "noindex",
    }),
    participant,
    fields: organiser.custom_fields.participants,
    today: localDay(new Date(), organiser.timezone),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** Editing a participant (PUT /api/participants), with the way to its deletion page. */
export default function EditParticipant({ loaderData }: Route.ComponentProps) {
  const { participant, fields, today } = loaderData;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizedHref();
  const { revalidate } = useRevalidator();

  return (
    <div className="flex flex-col gap-8">
      <AccountPageHeader
        title={participant.fullname}
        subtitle={t("participants.edit_page.subtitle")}
        back={{ to: PARTICIPANTS_PATH, label: t("participants.edit_page.back") }}
      />
      <AccountCard title={t("participants.edit_page.title")}>
        <ParticipantForm
          // a new form when another participant is shown, never the previous one's values
          key={participant.cuid}
          fields={fields}
          today={today}
          participant={participant}
          submitLabel={t("participants.edit_page.submit")}
          cancelTo={PARTICIPANTS_PATH}
          onSave={async (input) => {
            await toastPromise(
              api.updateParticipant({ participant_id: participant.id, ...input }),
              t,
              t("participants.messages.updated"),
            );
            await navigate(localize(PARTICIPANTS_PATH));
            await revalidate();
          }}
        />
      </AccountCard>
      <DangerZone
        title={t("participants.edit_page.danger_title")}
        body={t("participants.edit_page.danger_body")}
        to={`${PARTICIPANTS_PATH}/${participant.cuid}/delete`}
        label={t("participants.edit_page.danger_link")}
      />
    </div>
  );
}
