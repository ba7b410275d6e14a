import { clsx } from "clsx";
import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { SearchIcon } from "../../components/icons";
import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../i18n/react";

/** The width and padding of a catalogue section (the site's container). */
export const sectionClass = "mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 md:py-10";

/**
 * Results that may be reloading: dimmed and marked busy while the filters apply, with a visible
 * "loading" pill (storefront.md §8 "loading state: loading title and subtitle").
 */
export function ResultsRegion({
  loading,
  children,
  className,
}: {
  loading: boolean;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div aria-busy={loading} className={clsx("relative min-w-0", className)}>
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none absolute inset-x-0 top-2 z-10 flex justify-center"
      >
        {loading ? (
          <span className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-900 shadow-lg">
            <Spinner className="text-accent-ink" />
            {t("catalogue.loading.title")}
          </span>
        ) : null}
      </div>
      <div className={clsx("transition-opacity duration-200", loading && "opacity-50")}>
        {children}
      </div>
    </div>
  );
}

/** An empty result: a title, a subtitle and an optional action. */
export function EmptyState({
  title,
  subtitle,
  action,
  loading = false,
}: {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  /** while loading, the loading title and subtitle replace the empty texts */
  loading?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
      <span
        aria-hidden="true"
        className="mb-4 inline-flex size-12 items-center justify-center rounded-full bg-white text-slate-500 shadow-xs"
      >
        {loading ? <Spinner className="size-6" /> : <SearchIcon className="size-6" />}
      </span>
      <p className="text-lg font-semibold text-balance text-slate-950">
        {loading ? t("catalogue.loading.title") : title}
      </p>
      {loading ? (
        <p className="mt-1 max-w-md text-sm text-pretty text-slate-700">
          {t("catalogue.loading.subtitle")}
        </p>
      ) : subtitle ? (
        <p className="mt-1 max-w-md text-sm text-pretty text-slate-700">{subtitle}</p>
      ) : null}
      {action && !loading ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

/** Scrolls a section back into view when its page changes (pagination keeps the scroll). */
export function useScrollIntoViewOn(key: unknown, ref: RefObject<HTMLElement | null>) {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when `key` changes only
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = ref.current;
    if (element && element.getBoundingClientRect().top < 0) {
      element.scrollIntoView({ block: "start" });
    }
  }, [key]);
}
