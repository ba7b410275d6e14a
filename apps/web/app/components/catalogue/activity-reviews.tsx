import type { ActivityReviews } from "@booking/contracts";
import { useId } from "react";
import { useTranslation } from "../../i18n/react";
import { LOCALES } from "../../lib/format";
import { useLanguage } from "../../lib/root-data";
import { useFormatters } from "../account-items/use-formatters";

/**
 * The public reviews of an activity under its page (decision 0087): the average and count, then
 * the newest reviews with the organiser's answer. Nothing without reviews.
 */
export function ActivityReviewsSection({ reviews }: { reviews: ActivityReviews }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormatters();
  const id = useId();
  if (reviews.average === null || reviews.count === 0) return null;
  const average = reviews.average.toLocaleString(LOCALES[language], { maximumFractionDigits: 1 });
  return (
    <section
      aria-labelledby={id}
      className="mx-auto w-full max-w-7xl px-4 pb-12 sm:px-6"
      data-testid="activity-reviews"
    >
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-950">
        {t("activity.reviews.title")}
      </h2>
      <p className="mt-2 flex items-center gap-2 text-slate-800" data-testid="reviews-average">
        <Stars score={Math.round(reviews.average)} />
        <span>{t("activity.reviews.average", { average, count: reviews.count })}</span>
      </p>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {reviews.data.map((review) => (
          <li
            key={`${review.created_at}-${review.author}`}
            className="rounded-xl border border-slate-200 bg-white p-4"
          >
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
              <Stars score={review.score} />
              <span className="font-medium text-slate-950">{review.author}</span>
              <time dateTime={review.created_at}>{format.date(review.created_at)}</time>
            </p>
            {review.message ? (
              <p className="mt-2 whitespace-pre-line text-slate-900">{review.message}</p>
            ) : null}
            {review.answer ? (
              <div className="mt-3 border-l-2 border-slate-300 pl-3 text-sm text-slate-700">
                <p className="font-medium text-slate-950">{t("activity.reviews.answer")}</p>
                <p className="whitespace-pre-line">{review.answer}</p>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Stars({ score }: { score: number }) {
  const { t } = useTranslation();
  return (
    <span className="text-amber-700">
      <span aria-hidden="true">
        {"★".repeat(score)}
        {"☆".repeat(5 - score)}
      </span>
      <span className="sr-only">{t("activity.reviews.score", { score })}</span>
    </span>
  );
}
