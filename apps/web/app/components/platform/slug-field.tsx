import type { SlugAvailability } from "@booking/contracts";
import { organiserSlugProblem } from "@booking/domain";
import { clsx } from "clsx";
import { type Ref, useEffect, useId, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { CheckCircleIcon, InfoIcon } from "../icons";
import { describedBy, FieldShell } from "../ui/field";
import { Spinner } from "../ui/spinner";

/** Slug checks wait for a pause in the typing (spec §9: search debounce 350 ms). */
export const SLUG_CHECK_DEBOUNCE_MS = 350;

type SlugStatus =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "done"; available: boolean; reason: string | null }
  | { state: "failed" };

/**
 * Whether `slug` may name a new organiser, asked of the server once the typing pauses: format and
 * reserved names are known at once (domain rule), uniqueness needs the server.
 */
export function useSlugAvailability(slug: string): SlugStatus {
  const [status, setStatus] = useState<SlugStatus>({ state: "idle" });
  useEffect(() => {
    const value = slug.trim().toLowerCase();
    if (value === "") {
      setStatus({ state: "idle" });
      return;
    }
    const problem = organiserSlugProblem(value);
    if (problem) {
      setStatus({ state: "done", available: false, reason: problem });
      return;
    }
    setStatus({ state: "checking" });
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(
          `/api/signup/slug-availability?slug=${encodeURIComponent(value)}`,
          { headers: { Accept: "application/json" }, signal: controller.signal },
        );
        if (!response.ok) throw new Error(String(response.status));
        const answer = (await response.json()) as SlugAvailability;
        setStatus({ state: "done", available: answer.available, reason: answer.reason });
      } catch {
        if (!controller.signal.aborted) setStatus({ state: "failed" });
      }
    }, SLUG_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug]);
  return status;
}

interface SlugFieldProps {
  label: string;
  hint: string;
  error?: string;
  /** the host the slug becomes a sub-domain of */
  domain: string;
  status: SlugStatus;
  name: string;
  ref?: Ref<HTMLInputElement>;
  onChange: React.ChangeEventHandler<HTMLInputElement>;
  onBlur: React.FocusEventHandler<HTMLInputElement>;
}

/** The slug input, shown as the start of the site's address, with its live availability. */
export function SlugField({ label, hint, error, domain, status, ...input }: SlugFieldProps) {
  const id = useId();
  const { t } = useTranslation();
  const statusId = `${id}-status`;
  const described = describedBy(id, hint, error);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <div
        className={clsx(
          "flex w-full min-w-0 items-stretch rounded-lg border bg-white text-base text-slate-900 shadow-xs",
          "focus-within:outline-2 focus-within:outline-accent-ink",
          error ? "border-red-600" : "border-slate-300 hover:border-slate-400",
        )}
      >
        <input
          id={id}
          type="text"
          inputMode="url"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          autoComplete="off"
          aria-required
          maxLength={63}
          className="min-w-0 flex-1 rounded-l-lg bg-transparent px-3 py-2.5 outline-none"
          {...described}
          aria-describedby={[described["aria-describedby"], statusId].filter(Boolean).join(" ")}
          {...input}
        />
        <span className="flex max-w-[45%] shrink-0 items-center truncate rounded-r-lg border-l border-slate-200 bg-slate-50 px-3 text-slate-600">
          .{domain}
        </span>
      </div>
      <p id={statusId} aria-live="polite" className="text-sm empty:hidden">
        <SlugStatusText status={status} t={t} />
      </p>
    </FieldShell>
  );
}

function SlugStatusText({ status, t }: { status: SlugStatus; t: (key: string) => string }) {
  if (status.state === "idle") return null;
  if (status.state === "checking") {
    return (
      <span className="inline-flex items-center gap-1.5 text-slate-600">
        <Spinner />
        {t("platform.signup.slug_status.checking")}
      </span>
    );
  }
  if (status.state === "failed") {
    return <span className="text-slate-600">{t("platform.signup.slug_status.unknown")}</span>;
  }
  if (status.available) {
    return (
      <span className="inline-flex items-center gap-1.5 font-medium text-emerald-800">
        <CheckCircleIcon className="size-4" />
        {t("platform.signup.slug_status.available")}
      </span>
    );
  }
  return (
    <span className="inline-flex items-start gap-1.5 font-medium text-red-700">
      <InfoIcon className="mt-0.5 size-4 shrink-0" />
      {t(`platform.signup.slug_status.${status.reason ?? "unknown"}`)}
    </span>
  );
}
