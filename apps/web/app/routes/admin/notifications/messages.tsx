import {
  type AdminMessageList,
  MESSAGE_CHANNELS,
  MESSAGE_SOURCES,
  MESSAGE_STATUSES,
} from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { EmptyState } from "../../../components/admin/empty-state";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { messageListQuery } from "../../../components/admin/messages/list-query";
import { DelayNotice } from "../../../components/admin/messages/message-status";
import { MESSAGES_PATH, MessagesTable } from "../../../components/admin/messages/messages-table";
import { PageHeader } from "../../../components/admin/page-header";
import { PeriodFilter } from "../../../components/admin/registrations/period-filter";
import { MailIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import type { Route } from "./+types/messages";

/** The delivery log: every e-mail and SMS of the organiser, filtered and searched. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "customers.notifications.read");
  const query = messageListQuery(new URL(args.request.url));
  let delay: AdminMessageList["delay"] = null;
  const page = await readListPage(args.request, async (paging) => {
    const list = await adminGet<AdminMessageList>(
      args,
      withQuery("/api/admin/messages", { ...paging, ...query.params }),
    );
    delay = list.delay;
    return list;
  });
  return { ...page, delay: delay as AdminMessageList["delay"], filtered: query.filtered };
}

export default function MessagesList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("admin.messages.title")} description={t("admin.messages.description")} />
      {loaderData.delay ? <DelayNotice delay={loaderData.delay} /> : null}
      <MessagesTable
        messages={loaderData.data}
        paging={loaderData.paging}
        toolbar={
          <>
            <SearchBox label={t("admin.messages.search")} param="q" />
            <FilterSelect
              label={t("admin.messages.filters.channel")}
              param="channel"
              allLabel={t("admin.messages.filters.all_channels")}
              options={MESSAGE_CHANNELS.map((value) => ({
                value,
                label: t(`admin.messages.channels.${value}`),
              }))}
            />
            <FilterSelect
              label={t("admin.messages.filters.status")}
              param="status"
              allLabel={t("admin.messages.filters.all_statuses")}
              options={MESSAGE_STATUSES.map((value) => ({
                value,
                label: t(`admin.messages.statuses.${value}`),
              }))}
            />
            <FilterSelect
              label={t("admin.messages.filters.source")}
              param="source"
              allLabel={t("admin.messages.filters.all_sources")}
              options={MESSAGE_SOURCES.map((value) => ({
                value,
                label: t(`admin.messages.sources.${value}`),
              }))}
            />
            <PeriodFilter />
            {loaderData.filtered ? (
              <Link
                to={MESSAGES_PATH}
                className="text-sm font-semibold text-accent-ink underline-offset-4 hover:underline sm:mb-2.5"
              >
                {t("admin.messages.filters.reset")}
              </Link>
            ) : null}
          </>
        }
        empty={
          <EmptyState
            icon={MailIcon}
            title={t(
              loaderData.filtered ? "admin.messages.empty_filtered" : "admin.messages.empty",
            )}
          />
        }
      />
    </div>
  );
}
