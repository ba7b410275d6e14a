import type { FeatureIcon } from "@booking/contracts";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/react";
import { FeatureIconGlyph } from "../../sections/content/feature-icons";
import { ArrowRightIcon, CheckCircleIcon } from "../icons";
import { buttonClasses } from "../ui/button";
import { PlatformShell } from "./platform-shell";

export interface LandingPageProps {
  language: "fr" | "en";
  consoleUrl: string;
  otherLanguageHref: string;
  year: number;
}

const AUDIENCES: Array<{ key: string; icon: FeatureIcon }> = [
  { key: "sports", icon: "trophy" },
  { key: "music", icon: "music" },
  { key: "camps", icon: "sun" },
];

const FEATURES: Array<{ key: string; icon: FeatureIcon }> = [
  { key: "site", icon: "palette" },
  { key: "catalogue", icon: "calendar" },
  { key: "accounts", icon: "users" },
  { key: "payments", icon: "credit-card" },
  { key: "console", icon: "shield" },
  { key: "languages", icon: "book" },
];

const STEPS = ["create", "activities", "open"] as const;

/**
 * The product's home page on the platform host: what it does for sports clubs, music schools and
 * camp organisers, and the way to the sign-up. Loaded only on that host (storefront home.tsx).
 */
export default function LandingPage(props: LandingPageProps) {
  const { t } = useTranslation();
  const signup = `/${props.language}/signup`;
  return (
    <PlatformShell {...props}>
      <section className="relative isolate overflow-hidden bg-gradient-to-b from-accent-soft to-white">
        <div
          aria-hidden="true"
          className="absolute -top-32 right-0 -z-10 size-[32rem] rounded-full bg-accent opacity-15 blur-3xl"
        />
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.25fr_1fr]">
          <div>
            <p className="inline-flex rounded-full border border-accent/20 bg-white/80 px-3 py-1 text-sm font-semibold text-accent-ink">
              {t("platform.hero.eyebrow")}
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-950 md:text-5xl xl:text-6xl">
              {t("platform.hero.title")}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-slate-700 md:text-xl">
              {t("platform.hero.lead")}
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to={signup} className={buttonClasses("primary", "lg")}>
                {t("platform.hero.cta")}
                <ArrowRightIcon className="size-5" />
              </Link>
              <a href="#features" className={buttonClasses("secondary", "lg")}>
                {t("platform.hero.secondary")}
              </a>
            </div>
            <p className="mt-5 text-sm text-slate-600">{t("platform.hero.note")}</p>
          </div>
          <ProductPreview />
        </div>
      </section>

      <section id="audiences" className="scroll-mt-20 px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-7xl">
          <SectionTitle title={t("platform.audiences.title")} lead={t("platform.audiences.lead")} />
          <div className="mt-12 grid gap-6 md:grid-cols-3">
            {AUDIENCES.map(({ key, icon }) => (
              <article
                key={key}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent-ink">
                  <FeatureIconGlyph icon={icon} className="size-6" />
                </span>
                <h3 className="mt-5 text-xl font-semibold text-slate-950">
                  {t(`platform.audiences.${key}.title`)}
                </h3>
                <p className="mt-2 text-slate-700">{t(`platform.audiences.${key}.text`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section id="features" className="scroll-mt-20 bg-slate-50 px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-7xl">
          <SectionTitle title={t("platform.features.title")} lead={t("platform.features.lead")} />
          <div className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ key, icon }) => (
              <div key={key} className="flex gap-4">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-on-accent">
                  <FeatureIconGlyph icon={icon} className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-950">
                    {t(`platform.features.${key}.title`)}
                  </h3>
                  <p className="mt-1 text-slate-700">{t(`platform.features.${key}.text`)}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section id="steps" className="scroll-mt-20 px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-7xl">
          <SectionTitle title={t("platform.steps.title")} />
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {STEPS.map((key, index) => (
              <li key={key} className="relative rounded-2xl border border-slate-200 p-6">
                <span className="flex size-9 items-center justify-center rounded-full bg-slate-950 text-sm font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-950">
                  {t(`platform.steps.${key}.title`)}
                </h3>
                <p className="mt-2 text-slate-700">{t(`platform.steps.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="px-4 pb-20 sm:px-6">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 rounded-3xl bg-slate-950 px-6 py-12 sm:px-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-3xl font-bold tracking-tight text-white">
              {t("platform.cta.title")}
            </h2>
            <p className="mt-2 max-w-xl text-slate-300">{t("platform.cta.lead")}</p>
          </div>
          <Link to={signup} className={buttonClasses("primary", "lg")}>
            {t("platform.cta.button")}
            <ArrowRightIcon className="size-5" />
          </Link>
        </div>
      </section>
    </PlatformShell>
  );
}

function SectionTitle({ title, lead }: { title: string; lead?: string }) {
  return (
    <div className="max-w-2xl">
      <h2 className="text-3xl font-bold tracking-tight text-balance text-slate-950 md:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 text-lg text-slate-700">{lead}</p> : null}
    </div>
  );
}

/** An illustration of a registration site and its console, drawn in HTML (one image to readers). */
function ProductPreview() {
  const { t } = useTranslation();
  return (
    <div
      role="img"
      aria-label={t("platform.mockup.label")}
      className="relative mx-auto w-full max-w-md"
    >
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/10">
        <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-50 px-4 py-3">
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="ml-3 truncate rounded-md bg-white px-3 py-1 text-xs text-slate-600">
            {t("platform.mockup.site")}
          </span>
        </div>
        <div className="p-5">
          <div className="relative aspect-[3/1.4] overflow-hidden rounded-xl bg-gradient-to-br from-accent to-accent-ink">
            <div className="absolute -right-6 -bottom-10 size-32 rounded-full border-[10px] border-white/25" />
            <div className="absolute top-6 left-6 size-10 rounded-full bg-white/80" />
            <div className="absolute right-0 bottom-8 left-0 h-1 bg-white/40" />
          </div>
          <p className="mt-4 text-lg font-semibold text-slate-950">{t("platform.mockup.title")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("platform.mockup.dates")}</p>
          <div className="mt-3 flex flex-wrap gap-2 text-xs font-medium">
            <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
              {t("platform.mockup.ages")}
            </span>
            <span className="rounded-full bg-amber-100 px-2.5 py-1 text-amber-900">
              {t("platform.mockup.places")}
            </span>
          </div>
          <div className="mt-4 flex items-center justify-between">
            <span className="text-xl font-bold text-slate-950">{t("platform.mockup.price")}</span>
            <span className={buttonClasses("primary", "sm")}>{t("platform.mockup.button")}</span>
          </div>
        </div>
      </div>
      <div className="absolute -bottom-8 -left-4 w-56 rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:-left-10">
        <p className="text-xs font-medium text-slate-600">{t("platform.mockup.registrations")}</p>
        <p className="mt-1 text-2xl font-bold text-slate-950">48</p>
        <p className="mt-2 flex items-center gap-1.5 text-xs font-medium text-emerald-800">
          <CheckCircleIcon className="size-4" />
          {t("platform.mockup.paid")}
        </p>
      </div>
    </div>
  );
}
