import { localDay } from "@booking/domain";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { requireAccount } from "../../components/account/account-data";
import { AccountCard } from "../../components/account/card";
import { AccountPageHeader } from "../../components/account/page-header";
import { useLocalizedHref } from "../../components/localized-link";
import {
  PARTICIPANTS_PATH,
  pathAfterCreate,
  pathOnCancel,
} from "../../components/participants/after-create";
import { ParticipantForm } from "../../components/participants/participant-form";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import { seoMeta } from "../../lib/seo";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastSuccess } from "../../lib/toast";
import type { Route } from "./+types/participants-new";

export function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront } = requireAccount(context, params, request);
  const { organiser } = storefront;
  return {
    seo: simplePageSeo(context, params, request, {
      title: "participants.new.title",
      description: "participants.meta_description",
      path: `${PARTICIPANTS_PATH}/new`,
      robots: "noindex",
    }),
    fields: organiser.custom_fields.participants,
    today: localDay(new Date(), organiser.timezone),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * A new participant (POST /api/participants). With a `redirect` query parameter — the add forms
 * of the storefront link here — the customer then goes back there with `participant` set to the
 * new cuid, which preselects it (platform-and-account.md §2.3); otherwise to the list.
 */
export default function NewParticipant({ loaderData }: Route.ComponentProps) {
  const { fields, today } = loaderData;
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const localize = useLocalizedHref();
  const { revalidate } = useRevalidator();
  const returning = new URLSearchParams(location.search).has("redirect");
  const cancelTo = pathOnCancel(location.search);

  return (
    <div className="flex flex-col gap-8">
      <AccountPageHeader
        title={t("participants.new.title")}
        subtitle={
          returning ? t("participants.new.subtitle_redirect") : t("participants.new.subtitle")
        }
        back={{ to: cancelTo, label: t("participants.new.back") }}
      />
      <AccountCard>
        <ParticipantForm
          fields={fields}
          today={today}
          submitLabel={t("participants.new.submit")}
          cancelTo={cancelTo}
          onSave={async (input) => {
            const { participant } = await api.createParticipant(input);
            toastSuccess(t("participants.messages.created"));
            await navigate(localize(pathAfterCreate(location.search, participant.cuid)));
            await revalidate();
          }}
        />
      </AccountCard>
    </div>
  );
}
