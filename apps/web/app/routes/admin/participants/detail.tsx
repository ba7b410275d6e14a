import type {
  AdminParticipantDetail,
  BadgeListList,
  ParticipantBadgesView,
} from "@booking/contracts";
import { Link, useNavigate } from "react-router";
import {
  CustomValues,
  Facts,
  Panel,
  RegistrationsTable,
} from "../../../components/admin/customers/customer-sections";
import { ConfirmDialog } from "../../../components/admin/dialog";
import { PageHeader } from "../../../components/admin/page-header";
import { StatusBadge } from "../../../components/admin/status-badge";
import { ParticipantBadges } from "../../../components/admin/tags/participant-badges";
import { RecordTags } from "../../../components/admin/tags/record-tags";
import { PencilIcon, TrashIcon } from "../../../components/icons";
import { Button, ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import {
  customerPath,
  PARTICIPANTS_PATH,
  participantPath,
} from "../../../lib/admin/customer-paths";
import { customersApi } from "../../../lib/admin/customers-api";
import { adminGet, requireConsole } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { hasPermission } from "../../../lib/admin/permissions";
import { loadRecordTags } from "../../../lib/admin/tag-loaders";
import { formatDay } from "../../../lib/format";
import { useLanguage } from "../../../lib/root-data";
import type { Route } from "./+types/detail";

/** One participant: who they are, their customer, custom data and registrations. */
export async function loader(args: Route.LoaderArgs) {
  const { session } = requireConsole(args);
  const base = `/api/admin/participants/${encodeURIComponent(args.params.cuid)}`;
  const detail = await adminGet<AdminParticipantDetail>(args, base);
  // Tags and badges (decision 0088), as far as the role may read them.
  const [tags, badges, badgeLists] = await Promise.all([
    loadRecordTags(args, "participants", detail.participant.cuid),
    adminGet<ParticipantBadgesView>(args, `${base}/badges`),
    hasPermission(session, "badge_lists.badge_lists.read")
      ? adminGet<BadgeListList>(args, "/api/admin/badge-lists")
      : null,
  ]);
  return { ...detail, tags, badges: badges.badges, badgeLists: badgeLists?.data ?? null };
}

export default function ParticipantPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const language = useLanguage();
  const navigate = useNavigate();
  const { participant, registrations } = loaderData;
  const removal = useAdminMutation(() => customersApi.deleteParticipant(participant.cuid), {
    revalidate: false,
    success: (answer) =>
      answer.archived
        ? t("admin.participants.delete.archived")
        : t("admin.participants.delete.erased"),
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={participant.fullname}
        description={
          participant.archived ? (
            <StatusBadge tone="grey">{t("admin.participants.archived")}</StatusBadge>
          ) : undefined
        }
        back={{ to: PARTICIPANTS_PATH, label: t("admin.participants.title") }}
        actions={
          <>
            {can("participants.participants.update") ? (
              <ButtonLink
                to={`${participantPath(participant.cuid)}/edit`}
                variant="secondary"
                data-testid="edit-participant"
              >
                <PencilIcon className="size-4" />
                {t("admin.participants.edit.open")}
              </ButtonLink>
            ) : null}
            {can("participants.participants.delete") && !participant.archived ? (
              <ConfirmDialog
                title={t("admin.participants.delete.title", { name: participant.fullname })}
                description={t("admin.participants.delete.body")}
                confirmLabel={t("admin.participants.delete.confirm")}
                onConfirm={async () => {
                  const outcome = await removal.mutate();
                  if (outcome.ok) navigate(customerPath(participant.customer.cuid, "participants"));
                  return outcome.ok;
                }}
                trigger={
                  <Button
                    variant="secondary"
                    className="text-red-700"
                    data-testid="delete-participant"
                  >
                    <TrashIcon className="size-4" />
                    {t("admin.participants.delete.open")}
                  </Button>
                }
              />
            ) : null}
          </>
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t("admin.participants.details")}>
          <Facts
            items={[
              {
                label: t("admin.participants.columns.birthdate"),
                value: participant.birthdate
                  ? `${formatDay(participant.birthdate, language, {
                      day: "numeric",
                      month: "long",
                      year: "numeric",
                    })} · ${t("admin.participants.age", { count: participant.age ?? 0 })}`
                  : "—",
              },
              {
                label: t("admin.participants.columns.customer"),
                value: can("customers.customers.read") ? (
                  <Link
                    to={customerPath(participant.customer.cuid)}
                    className="underline underline-offset-2"
                  >
                    {participant.customer.fullname}
                  </Link>
                ) : (
                  participant.customer.fullname
                ),
              },
              { label: t("admin.customers.profile.email"), value: participant.customer.email },
              {
                label: t("admin.participants.columns.created"),
                value: format.date(participant.created_at),
              },
            ]}
          />
        </Panel>
        <Panel title={t("admin.badges.panel")}>
          <div className="flex flex-col gap-4">
            {loaderData.tags ? (
              <RecordTags record={participant.cuid} data={loaderData.tags} />
            ) : null}
            <ParticipantBadges
              participant={participant.cuid}
              badges={loaderData.badges}
              lists={loaderData.badgeLists}
            />
          </div>
        </Panel>
        {participant.custom_data.length > 0 ? (
          <Panel title={t("admin.participants.more")}>
            <CustomValues values={participant.custom_data} />
          </Panel>
        ) : null}
      </div>
      <RegistrationsTable
        registrations={registrations}
        total={participant.registrations_count}
        showParticipant={false}
      />
    </div>
  );
}
