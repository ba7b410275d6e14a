import { type AdminReviewList, type AdminReviewView, REVIEW_FILTERS } from "@booking/contracts";
import { Link } from "react-router";
import { readListPage } from "../../../components/account/paging";
import { DataTable, type DataTableColumn } from "../../../components/admin/data-table";
import { EmptyState } from "../../../components/admin/empty-state";
import { FilterSelect, SearchBox } from "../../../components/admin/list-controls";
import { PageHeader } from "../../../components/admin/page-header";
import {
  ReviewAnswerDialog,
  ReviewDeleteButton,
  ReviewVisibilityButton,
} from "../../../components/admin/reviews/review-actions";
import { StatusBadge } from "../../../components/admin/status-badge";
import { AwardIcon } from "../../../components/icons";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { customerPath } from "../../../lib/admin/customer-paths";
import { adminGet, requireConsole } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import { LOCALES } from "../../../lib/format";
import { useLanguage } from "../../../lib/root-data";
import type { Route } from "./+types/reviews";

export const REVIEWS_PATH = "/admin/reviews";
const FILTER_PARAMS = ["q", "activity", "score", "show"] as const;

/** One page of the customers' reviews, newest first, filtered by the URL (decision 0087). */
export async function loader(args: Route.LoaderArgs) {
  requireConsole(args);
  const url = new URL(args.request.url);
  const filters = Object.fromEntries(
    FILTER_PARAMS.map((name) => [name, url.searchParams.get(name)?.trim().slice(0, 100)]),
  );
  const lists: AdminReviewList[] = [];
  const page = await readListPage(args.request, async (paging) => {
    const list = await adminGet<AdminReviewList>(
      args,
      withQuery("/api/admin/reviews", { ...paging, ...filters }),
    );
    lists.push(list);
    return list;
  });
  const average = lists[0]?.average ?? null;
  return { ...page, average, filtered: Object.values(filters).some(Boolean) };
}

/** "★★★★☆" with the score for screen readers. */
function Stars({ score }: { score: number }) {
  const { t } = useTranslation();
  return (
    <span className="whitespace-nowrap text-amber-600" title={t("admin.reviews.score", { score })}>
      <span aria-hidden="true">
        {"★".repeat(score)}
        {"☆".repeat(5 - score)}
      </span>
      <span className="sr-only">{t("admin.reviews.score", { score })}</span>
    </span>
  );
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const language = useLanguage();
  const mayEdit = can("customers.reviews.update");
  const mayDelete = can("customers.reviews.delete");
  const columns: DataTableColumn<AdminReviewView>[] = [
    {
      id: "review",
      header: t("admin.reviews.columns.review"),
      cell: (row) => (
        <span className="flex max-w-xl flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <Stars score={row.score} />
            {row.private ? (
              <StatusBadge tone="grey">{t("admin.reviews.private")}</StatusBadge>
            ) : null}
            {row.hidden ? <StatusBadge tone="red">{t("admin.reviews.hidden")}</StatusBadge> : null}
          </span>
          <span className="whitespace-pre-line text-slate-900">
            {row.message ?? <em className="text-slate-500">{t("admin.reviews.no_message")}</em>}
          </span>
          {row.answer ? (
            <span
              className="border-l-2 border-slate-300 pl-3 whitespace-pre-line text-slate-700"
              data-testid="review-answer"
            >
              <span className="font-medium">{t("admin.reviews.your_answer")}</span> {row.answer}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "activity",
      header: t("admin.reviews.columns.activity"),
      cell: (row) => (
        <span className="flex flex-col">
          <Link
            to={withQuery(REVIEWS_PATH, { activity: row.activity.cuid })}
            className="font-medium text-slate-950 underline-offset-2 hover:underline"
          >
            {row.activity.title}
          </Link>
          <span className="text-slate-600">{row.participant}</span>
        </span>
      ),
    },
    {
      id: "customer",
      header: t("admin.reviews.columns.customer"),
      cell: (row) => (
        <span className="flex flex-col">
          {can("customers.customers.read") ? (
            <Link
              to={customerPath(row.customer.cuid)}
              className="underline-offset-2 hover:underline"
            >
              {row.customer.fullname}
            </Link>
          ) : (
            row.customer.fullname
          )}
          <time dateTime={row.created_at} className="text-slate-600">
            {format.date(row.created_at)}
          </time>
        </span>
      ),
    },
    {
      id: "actions",
      header: t("admin.customers.owned.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (row) =>
        mayEdit || mayDelete ? (
          <span className="flex flex-wrap justify-end gap-2">
            {mayEdit ? <ReviewAnswerDialog review={row} /> : null}
            {mayEdit && !row.private ? <ReviewVisibilityButton review={row} /> : null}
            {mayDelete ? <ReviewDeleteButton review={row} /> : null}
          </span>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={t("admin.reviews.title")}
        description={
          loaderData.average === null
            ? t("admin.reviews.description")
            : t("admin.reviews.average", {
                average: loaderData.average.toLocaleString(LOCALES[language], {
                  maximumFractionDigits: 1,
                }),
                count: loaderData.paging.count,
              })
        }
      />
      <DataTable
        caption={t("admin.reviews.title")}
        testId="reviews-table"
        columns={columns}
        rows={loaderData.data}
        rowKey={(row) => row.cuid}
        paging={loaderData.paging}
        toolbar={
          <>
            <SearchBox label={t("admin.reviews.search")} />
            <FilterSelect
              label={t("admin.reviews.filters.score")}
              param="score"
              allLabel={t("admin.reviews.filters.all_scores")}
              options={[5, 4, 3, 2, 1].map((score) => ({
                value: String(score),
                label: t("admin.reviews.score", { score }),
              }))}
            />
            <FilterSelect
              label={t("admin.reviews.filters.show")}
              param="show"
              allLabel={t("admin.reviews.filters.all")}
              options={REVIEW_FILTERS.map((value) => ({
                value,
                label: t(`admin.reviews.filters.${value}`),
              }))}
            />
            {loaderData.filtered ? (
              <Link
                to={REVIEWS_PATH}
                className="text-sm font-semibold text-accent-ink underline-offset-4 hover:underline sm:mb-2.5"
              >
                {t("admin.reviews.filters.reset")}
              </Link>
            ) : null}
          </>
        }
        empty={
          <EmptyState
            icon={AwardIcon}
            title={
              loaderData.filtered ? t("admin.reviews.empty_filtered") : t("admin.reviews.empty")
            }
          />
        }
      />
    </>
  );
}
