import { useId } from "react";
import { Form, useSearchParams } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { inputClasses } from "../../ui/field";

/**
 * A "from … to …" filter of a list (created between two days, aged between two ages): a GET form
 * of two inputs on the list's URL, keeping its other parameters, back to page 1.
 */
export function RangeFilter({
  legend,
  type,
  from,
  to,
  testId,
}: {
  legend: string;
  type: "date" | "number";
  from: { param: string; label: string };
  to: { param: string; label: string };
  testId?: string;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = useId();
  const kept = [...searchParams].filter(
    ([key]) => key !== from.param && key !== to.param && key !== "page_number",
  );
  const input = (bound: { param: string; label: string }) => (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      {bound.label}
      <input
        type={type}
        name={bound.param}
        defaultValue={searchParams.get(bound.param) ?? ""}
        min={type === "number" ? 0 : undefined}
        max={type === "number" ? 150 : undefined}
        inputMode={type === "number" ? "numeric" : undefined}
        className={`${inputClasses(false)} py-2 text-sm ${type === "number" ? "w-20" : "w-40"}`}
      />
    </label>
  );
  return (
    <Form method="get" className="w-full sm:w-auto" data-testid={testId}>
      <fieldset className="flex flex-wrap items-end gap-2" aria-describedby={`${id}-legend`}>
        <legend id={`${id}-legend`} className="sr-only">
          {legend}
        </legend>
        {kept.map(([key, value]) => (
          <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
        ))}
        {input(from)}
        {input(to)}
        <button
          type="submit"
          className="min-h-9 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50"
        >
          {t("admin.customers.filters.apply")}
        </button>
      </fieldset>
    </Form>
  );
}
