import { REVIEW_SCORES } from "@booking/domain/registrations";
import { clsx } from "clsx";
import type { SVGProps } from "react";
import { useTranslation } from "../../i18n/react";

function StarIcon({ filled, ...props }: SVGProps<SVGSVGElement> & { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" {...props}>
      <path
        d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A score out of 5 as stars, read as "4 out of 5". */
export function ReviewStars({ score, className }: { score: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={clsx("flex items-center gap-0.5 text-amber-500", className)}>
      {[...REVIEW_SCORES].reverse().map((value) => (
        <StarIcon key={value} filled={value <= score} className="size-5" />
      ))}
      <span className="sr-only">{t("registrations.review.score_of", { score })}</span>
    </p>
  );
}

/**
 * The score choice of the review form: the scores from 5 down to 1 (platform-and-account.md §5),
 * as radio buttons with stars and their words.
 */
export function ScoreChoice({
  name,
  value,
  onChange,
  legend,
  error,
}: {
  name: string;
  value: number | null;
  onChange: (score: number) => void;
  legend: string;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
      <div className="flex flex-col gap-2" data-testid="review-scores">
        {REVIEW_SCORES.map((score) => (
          <label
            key={score}
            className={clsx(
              "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 transition-colors",
              value === score
                ? "border-accent bg-accent-soft"
                : "border-slate-200 hover:border-slate-400",
            )}
          >
            <input
              type="radio"
              name={name}
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
              className="size-5 accent-[var(--accent)]"
            />
            <span className="flex items-center gap-0.5 text-amber-500" aria-hidden="true">
              {[...REVIEW_SCORES].reverse().map((star) => (
                <StarIcon key={star} filled={star <= score} className="size-5" />
              ))}
            </span>
            <span className="text-sm text-slate-800">
              {t(`registrations.review.scores.${score}`)}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
