import type { OnboardingStep, OnboardingView } from "@booking/contracts";
import { clsx } from "clsx";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { ArrowRightIcon, CheckCircleIcon } from "../../icons";

/** The console page where each first step is done. */
const STEP_LINKS: Record<OnboardingStep, string> = {
  location: "/admin/locations",
  activity: "/admin/activities/new",
  dates: "/admin/availabilities/new",
  bank_account: "/admin/settings/business",
  website: "/admin/website/pages",
};

/**
 * A new organiser's first steps on the console's home, each done or not from its data, with the
 * page that does it; gone once every step is done.
 */
export function OnboardingChecklist({ onboarding }: { onboarding: OnboardingView }) {
  const { t } = useTranslation();
  const done = onboarding.steps.filter((item) => item.done).length;
  if (done === onboarding.steps.length) return null;
  const next = onboarding.steps.find((item) => !item.done)?.step;
  return (
    <section
      aria-labelledby="onboarding-title"
      data-testid="onboarding"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="onboarding-title" className="text-lg font-semibold text-slate-950">
            {t("admin.onboarding.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("admin.onboarding.description")}</p>
        </div>
        <p className="text-sm font-medium text-slate-700">
          {t("admin.onboarding.progress", { done, total: onboarding.steps.length })}
        </p>
      </div>
      <div
        className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={t("admin.onboarding.title")}
        aria-valuemin={0}
        aria-valuemax={onboarding.steps.length}
        aria-valuenow={done}
      >
        <div
          className="h-full rounded-full bg-accent transition-[width]"
          style={{ width: `${(done / onboarding.steps.length) * 100}%` }}
        />
      </div>
      <ol className="mt-5 flex flex-col divide-y divide-slate-100">
        {onboarding.steps.map(({ step, done: stepDone }) => (
          <li key={step} data-step={step} data-done={stepDone} className="py-3">
            <Link
              to={STEP_LINKS[step]}
              className="group flex items-center gap-3 rounded-lg px-1 py-1 hover:bg-slate-50"
            >
              {stepDone ? (
                <CheckCircleIcon className="size-6 shrink-0 text-emerald-700" />
              ) : (
                <span
                  aria-hidden="true"
                  className={clsx(
                    "size-6 shrink-0 rounded-full border-2",
                    step === next ? "border-accent-ink" : "border-slate-300",
                  )}
                />
              )}
              <span className="min-w-0 flex-1">
                <span
                  className={clsx(
                    "block font-medium",
                    stepDone ? "text-slate-500 line-through" : "text-slate-950",
                  )}
                >
                  {t(`admin.onboarding.steps.${step}.title`)}
                  <span className="sr-only">
                    {" "}
                    ({stepDone ? t("admin.onboarding.done") : t("admin.onboarding.to_do")})
                  </span>
                </span>
                {stepDone ? null : (
                  <span className="block text-sm text-slate-600">
                    {t(`admin.onboarding.steps.${step}.text`)}
                  </span>
                )}
              </span>
              <ArrowRightIcon className="size-4 shrink-0 text-slate-500 transition-transform group-hover:translate-x-0.5" />
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
