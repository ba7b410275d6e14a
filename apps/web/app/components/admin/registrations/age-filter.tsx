import { useId } from "react";
import { Form, useSearchParams } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";

/**
 * The participant's age filter of the requests queue (`age_min`, `age_max`, whole years, both
 * included): a GET form on the list's URL keeping its other parameters, back to page 1.
 */
export function AgeFilter() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = useId();
  const names = ["age_min", "age_max"] as const;
  const kept = [...searchParams].filter(
    ([key]) => !(names as readonly string[]).includes(key) && key !== "page_number",
  );
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      {kept.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      {names.map((name) => (
        <div key={name} className="flex flex-col gap-1">
          <label htmlFor={`${id}-${name}`} className="text-xs font-medium text-slate-600">
            {t(`admin.registration_requests.filters.${name}`)}
          </label>
          <input
            id={`${id}-${name}`}
            type="number"
            min={0}
            max={120}
            name={name}
            defaultValue={searchParams.get(name) ?? ""}
            className={`${inputClasses(false)} w-20 py-2 text-sm`}
          />
        </div>
      ))}
      <Button type="submit" variant="secondary" size="sm" className="mb-0.5">
        {t("admin.registration_requests.filters.apply")}
      </Button>
    </Form>
  );
}
