import { useNavigate, useRevalidator } from "react-router";
import { requireAccount, useAccount } from "../../components/account/account-data";
import { ConsequencesCard } from "../../components/account/consequences-card";
import { DeleteConfirmation } from "../../components/account/delete-confirmation";
import { AccountPageHeader } from "../../components/account/page-header";
import { useLocalizedHref } from "../../components/localized-link";
import { PARTICIPANTS_PATH } from "../../components/participants/after-create";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, api } from "../../lib/api";
import { seoMeta } from "../../lib/seo";
import { notFound } from "../../lib/server-context";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastError, toastSuccess } from "../../lib/toast";
import type { Route } from "./+types/participants-delete";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront } = requireAccount(context, params, request);
  const participant = await storefront.reader.participant(params.cuid);
  if (!participant) notFound();
  return {
    seo: simplePageSeo(context, params, request, {
      title: "participants.delete_page.title",
      description: "participants.meta_description",
      path: `${PARTICIPANTS_PATH}/${participant.cuid}/delete`,
      robots: "noindex",
    }),
    participant: { id: participant.id, fullname: participant.fullname },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * Deleting a participant (/account/participants/{cuid}/delete): what happens to its records
 * (docs/decisions/0014-participant-deletion.md), the full-name confirmation, then
 * DELETE /api/participants and back to the list.
 */
export default function DeleteParticipant({ loaderData }: Route.ComponentProps) {
  const { participant } = loaderData;
  const { t } = useTranslation();
  const account = useAccount();
  const navigate = useNavigate();
  const localize = useLocalizedHref();
  const { revalidate } = useRevalidator();

  async function remove() {
    let archived: boolean;
    try {
      ({ archived } = await api.deleteParticipant(participant.id));
    } catch (error) {
      toastError(error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR", t);
      return;
    }
    toastSuccess(t(archived ? "participants.messages.archived" : "participants.messages.deleted"));
    await navigate(localize(PARTICIPANTS_PATH), { replace: true });
    await revalidate();
  }

  const consequences = [
    t("participants.delete_page.hidden", { name: participant.fullname }),
    t("participants.delete_page.kept", { organiser: account.organiser }),
    t("participants.delete_page.erased"),
    t("participants.delete_page.waiting_list"),
    t("participants.delete_page.cart"),
  ];

  return (
    <div className="flex flex-col gap-8">
      <AccountPageHeader
        title={t("participants.delete_page.title")}
        subtitle={t("participants.delete_page.subtitle")}
        back={{ to: PARTICIPANTS_PATH, label: t("participants.delete_page.back") }}
      />
      <ConsequencesCard
        title={participant.fullname}
        heading={t("participants.delete_page.consequences")}
        consequences={consequences}
      >
        <DeleteConfirmation
          fullname={participant.fullname}
          label={t("participants.delete_page.confirm_label")}
          hint={t("participants.delete_page.confirm_hint", { name: participant.fullname })}
          submitLabel={t("participants.delete_page.submit")}
          onConfirm={remove}
        />
      </ConsequencesCard>
    </div>
  );
}
