import { clsx } from "clsx";
import { type KeyboardEvent, lazy, Suspense, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { FilterIcon } from "../icons";
import { useLazyDialog } from "../ui/lazy-dialog";
import { Spinner } from "../ui/spinner";
import type { FilterField } from "./fields";
import { FilterFieldView } from "./filter-field";
import type { FilterValues } from "./query";
import type { FilterController } from "./use-filter-controller";
import { MOBILE_BREAKPOINT, useIsMobile } from "./use-media-query";

export type FiltersLayout = "aside" | "stacked" | "inline";

/**
 * Tailwind classes showing an element only below or above a breakpoint (complete class names,
 * so that Tailwind finds them): used while the screen is unknown (server render, hydration).
 */
export const SCREEN_CLASSES: Record<number, { mobileOnly: string; desktopOnly: string }> = {
  600: { mobileOnly: "min-[601px]:hidden", desktopOnly: "max-[601px]:hidden" },
  1024: { mobileOnly: "min-[1025px]:hidden", desktopOnly: "max-[1025px]:hidden" },
};

export function screenClasses(breakpoint: number) {
  return SCREEN_CLASSES[breakpoint] ?? SCREEN_CLASSES[MOBILE_BREAKPOINT]!;
}

export interface FiltersPanelProps {
  fields: FilterField[];
  controller: FilterController;
  layout: FiltersLayout;
  /** today in the organiser's time zone */
  today: string;
  /** screens at most this wide get the "Recherche" dialog (600, or 1024 for the activity schedule) */
  breakpoint?: number;
  className?: string;
}

function activeCount(fields: FilterField[], values: FilterValues): number {
  return new Set(fields.map((field) => field.id).filter((id) => (values[id] ?? "").trim() !== ""))
    .size;
}

/**
 * A section's filters: on desktop a form (sidebar, stacked above the results, or inline) whose
 * edits apply after the debounce; on screens at most `breakpoint` wide a button opening the
 * "Recherche" dialog, whose edits apply with "Voir les résultats".
 */
export function FiltersPanel({
  fields,
  controller,
  layout,
  today,
  breakpoint = MOBILE_BREAKPOINT,
  className,
}: FiltersPanelProps) {
  const isMobile = useIsMobile(breakpoint);
  if (fields.length === 0) return null;
  const screens = screenClasses(breakpoint);
  return (
    <>
      {isMobile !== false ? (
        <div className={clsx(isMobile === null && screens.mobileOnly, className)}>
          <FiltersDialog fields={fields} controller={controller} today={today} />
        </div>
      ) : null}
      {isMobile !== true ? (
        <DesktopFilters
          fields={fields}
          controller={controller}
          layout={layout}
          today={today}
          className={clsx(isMobile === null && screens.desktopOnly, className)}
        />
      ) : null}
    </>
  );
}

/** Enter in a text, number or date input applies the filters now instead of waiting. */
function applyOnEnter(controller: FilterController) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== "Enter" || target.tagName !== "INPUT") return;
    if (target.getAttribute("role") === "combobox") return;
    event.preventDefault();
    controller.apply(controller.values);
  };
}

function DesktopFilters({
  fields,
  controller,
  layout,
  today,
  className,
}: Omit<FiltersPanelProps, "breakpoint">) {
  const { t } = useTranslation();
  const count = activeCount(fields, controller.urlValues);
  return (
    <search aria-label={t("filters.label")} className={clsx("block min-w-0", className)}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          controller.apply(controller.values);
        }}
        onKeyDown={applyOnEnter(controller)}
        className={clsx(
          "min-w-0",
          layout === "aside" && "rounded-2xl border border-slate-200 bg-white p-4 shadow-xs",
          layout === "stacked" && "rounded-2xl border border-slate-200 bg-slate-50 p-4",
        )}
      >
        <div className="mb-3 flex min-h-8 items-center justify-between gap-3">
          <h2 className="flex items-center gap-2 text-base font-semibold text-slate-950">
            <FilterIcon className="size-5 text-slate-600" />
            {t("filters.label")}
          </h2>
          <div className="flex items-center gap-2">
            <p
              role="status"
              aria-live="polite"
              className="flex items-center gap-1.5 text-sm text-slate-700"
            >
              {controller.loading ? (
                <>
                  <Spinner className="text-accent-ink" />
                  <span className={layout === "aside" ? "sr-only" : undefined}>
                    {t("filters.loading")}
                  </span>
                </>
              ) : null}
            </p>
            {count > 0 ? (
              <button
                type="button"
                onClick={controller.reset}
                className="min-h-8 rounded-md px-2 text-sm font-medium text-accent-ink underline-offset-4 hover:underline"
              >
                {t("filters.reset")}
              </button>
            ) : null}
          </div>
        </div>
        <div
          className={clsx(
            "gap-5",
            layout === "aside"
              ? "flex flex-col"
              : "grid items-start sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4",
          )}
        >
          {fields.map((field) => (
            <FilterFieldView
              key={`${field.kind}-${field.id}`}
              field={field}
              value={controller.values[field.id] ?? ""}
              onChange={controller.change}
              today={today}
            />
          ))}
        </div>
      </form>
    </search>
  );
}

// The dialog's module (Radix Dialog and the draft form) is downloaded when first needed.
const loadDialog = () => import("./filters-dialog");
const FiltersDialogContent = lazy(loadDialog);

/**
 * The mobile "Recherche" dialog: its edits stay a draft until "Voir les résultats" applies them;
 * "Réinitialiser" clears every filter at once.
 */
function FiltersDialog({
  fields,
  controller,
  today,
}: {
  fields: FilterField[];
  controller: FilterController;
  today: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<FilterValues>(controller.urlValues);
  const count = activeCount(fields, controller.urlValues);
  const dialog = useLazyDialog(loadDialog, open);

  function onOpenChange(next: boolean) {
    if (next) setDraft(controller.urlValues);
    setOpen(next);
  }

  return (
    <>
      <button
        {...dialog.buttonProps}
        type="button"
        data-testid="filters-dialog-button"
        onClick={() => onOpenChange(true)}
        className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 shadow-xs hover:bg-slate-50"
      >
        <FilterIcon className="size-5" />
        {t("filters.dialog.open")}
        {count > 0 ? (
          <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-bold text-on-accent">
            <span aria-hidden="true">{count}</span>
            <span className="sr-only">{t("filters.active_count", { count })}</span>
          </span>
        ) : null}
        {controller.loading ? <Spinner className="text-accent-ink" /> : null}
      </button>
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <FiltersDialogContent
            fields={fields}
            controller={controller}
            today={today}
            open={open}
            onOpenChange={onOpenChange}
            draft={draft}
            setDraft={setDraft}
            returnFocus={dialog.button}
          />
        </Suspense>
      ) : null}
    </>
  );
}
