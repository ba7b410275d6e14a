import type { ReportView } from "@booking/contracts";
import { type ReactNode, useId } from "react";
import { Form } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { selectClasses } from "../fields";

const GROUPINGS: ReadonlyArray<ReportView["grouping"]> = ["day", "week", "month"];

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * The report's filters as a GET form on the page's URL: it works before hydration, and a report
 * with its filters has an address to bookmark or send. The catalogue filters show only on the
 * reports they apply to.
 */
export function ReportFilters({
  view,
  selected,
}: {
  view: ReportView;
  /** the catalogue filters of the page's URL */
  selected: Partial<Record<"activity" | "category" | "location", string>>;
}) {
  const { t } = useTranslation();
  const [activity, category, location] = [
    ["activity", view.options.activities],
    ["category", view.options.categories],
    ["location", view.options.locations],
  ] as const;
  const select = ([name, options]: typeof activity | typeof category | typeof location) => (
    <Field key={name} label={t(`admin.reports.filters.${name}`)}>
      {(id) => (
        <select
          id={id}
          name={name}
          defaultValue={selected[name] ?? ""}
          className={`${selectClasses(false)} py-2 text-sm`}
        >
          <option value="">{t(`admin.reports.filters.all_${name}`)}</option>
          {options.map((option) => (
            <option key={option.cuid} value={option.cuid}>
              {option.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <Form
      method="get"
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:grid-cols-3 sm:items-end xl:grid-cols-4"
      data-testid="report-filters"
    >
      <Field label={t("admin.reports.filters.from")}>
        {(id) => (
          <input
            id={id}
            type="date"
            name="from"
            defaultValue={view.period.from}
            className={`${inputClasses(false)} py-2 text-sm`}
          />
        )}
      </Field>
      <Field label={t("admin.reports.filters.to")}>
        {(id) => (
          <input
            id={id}
            type="date"
            name="to"
            defaultValue={view.period.to}
            className={`${inputClasses(false)} py-2 text-sm`}
          />
        )}
      </Field>
      <Field label={t("admin.reports.filters.group")}>
        {(id) => (
          <select
            id={id}
            name="group"
            defaultValue={view.grouping}
            className={`${selectClasses(false)} py-2 text-sm`}
          >
            {GROUPINGS.map((grouping) => (
              <option key={grouping} value={grouping}>
                {t(`admin.reports.groupings.${grouping}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {view.catalogue_filters ? [activity, category, location].map(select) : null}
      <Button type="submit" className="col-span-2 sm:col-span-1 xl:col-start-4">
        {t("admin.reports.filters.apply")}
      </Button>
    </Form>
  );
}
