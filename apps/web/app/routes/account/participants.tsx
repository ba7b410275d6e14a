import { formatAge } from "@booking/domain";
import { requireAccount } from "../../components/account/account-data";
import { AccountListPage } from "../../components/account/list";
import { readListPage } from "../../components/account/paging";
import { UsersIcon } from "../../components/icons";
import { LocalizedLink } from "../../components/localized-link";
import { PARTICIPANTS_PATH } from "../../components/participants/after-create";
import { ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/react";
import { formatDay, LOCALES } from "../../lib/format";
import { seoMeta } from "../../lib/seo";
import { simplePageSeo } from "../../lib/storefront-page";
import type { Route } from "./+types/participants";

/**
 * The participants tab (/account/participants): the customer's participants, 20 a page, each
 * with its birthdate and age (the organiser's age formats, in its time zone), and the links to
 * add, edit and delete them.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const page = requireAccount(context, params, request);
  const { storefront, language, t } = page;
  const { organiser } = storefront;
  const { data, paging } = await readListPage(request, (query) =>
    storefront.reader.participantsPage(query),
  );
  const now = new Date();
  const number = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 1 });
  return {
    seo: simplePageSeo(context, params, request, {
      title: "participants.title",
      description: "participants.meta_description",
      path: PARTICIPANTS_PATH,
      robots: "noindex",
    }),
    participants: data.map((participant) => {
      let born: string | null = null;
      let age: string | null = null;
      if (participant.birthdate) {
        born = t("participants.born_on", {
          date: formatDay(participant.birthdate, language, {
            day: "numeric",
            month: "long",
            year: "numeric",
          }),
        });
        const { type, value } = formatAge(
          participant.birthdate,
          now,
          organiser.settings.formats.ages,
          organiser.timezone,
        );
        age = t(`participants.age.${type}`, { count: value, value: number.format(value) });
      }
      return { cuid: participant.cuid, fullname: participant.fullname, born, age };
    }),
    paging,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

function initials(fullname: string): string {
  return fullname
    .split(" ")
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join("");
}

export default function Participants({ loaderData }: Route.ComponentProps) {
  const { participants, paging } = loaderData;
  const { t } = useTranslation();
  const add = (
    <ButtonLink to={`${PARTICIPANTS_PATH}/new`} data-testid="participant-add">
      {t("participants.add")}
    </ButtonLink>
  );
  return (
    <AccountListPage
      title={t("participants.title")}
      subtitle={t("participants.subtitle")}
      actions={paging.count > 0 ? add : undefined}
      label={t("participants.list_label")}
      empty={{
        icon: UsersIcon,
        title: t("participants.empty.title"),
        body: t("participants.empty.body"),
        action: add,
      }}
      paging={paging}
      testId="participants-list"
      className="grid gap-4 md:grid-cols-2"
    >
      {participants.map((participant) => (
        <li
          key={participant.cuid}
          className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
          data-testid="participant-card"
        >
          <div className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-bold text-accent-ink uppercase"
            >
              {initials(participant.fullname)}
            </span>
            <div className="min-w-0">
              <h2 className="font-semibold break-words text-slate-950">{participant.fullname}</h2>
              {participant.born ? (
                <p className="mt-0.5 text-sm text-slate-600">
                  {participant.born}
                  {participant.age ? (
                    <>
                      <span aria-hidden="true"> · </span>
                      <span className="sr-only">, </span>
                      {participant.age}
                    </>
                  ) : null}
                </p>
              ) : null}
            </div>
          </div>
          <div className="mt-auto flex gap-2 border-t border-slate-100 pt-3">
            <LocalizedLink
              to={`${PARTICIPANTS_PATH}/${participant.cuid}/edit`}
              aria-label={t("participants.edit_label", { name: participant.fullname })}
              className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-accent-ink hover:bg-slate-50"
            >
              {t("participants.edit")}
            </LocalizedLink>
            <LocalizedLink
              to={`${PARTICIPANTS_PATH}/${participant.cuid}/delete`}
              aria-label={t("participants.delete_label", { name: participant.fullname })}
              className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
            >
              {t("participants.delete")}
            </LocalizedLink>
          </div>
        </li>
      ))}
    </AccountListPage>
  );
}
