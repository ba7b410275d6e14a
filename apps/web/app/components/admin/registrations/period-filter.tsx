import { useId } from "react";
import { Form, useSearchParams } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";

/**
 * A period filter of a list (`from` and `to`, days, both included): a GET form on the list's
 * URL keeping its other parameters, back to page 1.
 */
export function PeriodFilter() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = useId();
  const kept = [...searchParams].filter(
    ([key]) => key !== "from" && key !== "to" && key !== "page_number",
  );
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      {kept.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      {(["from", "to"] as const).map((name) => (
        <div key={name} className="flex flex-col gap-1">
          <label htmlFor={`${id}-${name}`} className="text-xs font-medium text-slate-600">
            {t(`admin.registrations.filters.${name}`)}
          </label>
          <input
            id={`${id}-${name}`}
            type="date"
            name={name}
            defaultValue={searchParams.get(name) ?? ""}
            className={`${inputClasses(false)} py-2 text-sm`}
          />
        </div>
      ))}
      <Button type="submit" variant="secondary" size="sm" className="mb-0.5">
        {t("admin.registrations.filters.apply")}
      </Button>
    </Form>
  );
}
