import type { AdminPageReferenceList, PageReferenceKind } from "@booking/contracts";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { apiRequest } from "../../../lib/api";
import { CloseIcon, SearchIcon } from "../../icons";
import { inputClasses } from "../../ui/field";
import {
  chosenReferences,
  matchingReferences,
  type ReferenceValue,
  storedReferences,
  toggledReferences,
} from "./reference-choices";

/**
 * A reference setting's records (catalogs, segments, resources, activities, products), searched
 * and ticked by name; the chosen ones are listed above by name, a record removed since as such,
 * each with a button to take it out. The setting stores their cuids or ids; none: all of them.
 */
export function ReferencePicker({
  kind,
  label,
  hint,
  value,
  onChange,
  error,
  testId,
}: {
  kind: PageReferenceKind;
  label: string;
  hint?: string;
  value: unknown;
  onChange: (values: ReferenceValue[]) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [list, setList] = useState<AdminPageReferenceList | "failed" | null>(null);
  const [query, setQuery] = useState("");
  useEffect(() => {
    let live = true;
    apiRequest<AdminPageReferenceList>("GET", `/api/admin/website/references/${kind}`)
      .then((answer) => live && setList(answer))
      .catch(() => live && setList("failed"));
    return () => {
      live = false;
    };
  }, [kind]);
  const records = list !== null && list !== "failed" ? list.data : null;
  const chosen = chosenReferences(value, list === "failed" ? null : records);
  const picked = new Set(storedReferences(value));
  const matching = records ? matchingReferences(records, query) : [];

  return (
    <fieldset
      className="flex flex-col gap-2"
      data-testid={testId}
      aria-describedby={hint ? `${id}-hint` : undefined}
    >
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {chosen.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.website.references.none_chosen")}</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("admin.website.references.chosen")}>
          {chosen.map((item) => {
            const name = item.name ?? t("admin.website.references.removed", { value: item.value });
            return (
              <li
                key={String(item.value)}
                className={`inline-flex items-center gap-1 rounded-full border py-0.5 pr-0.5 pl-3 text-sm ${
                  item.name === null
                    ? "border-amber-300 bg-amber-50 text-amber-900"
                    : "border-slate-300 bg-slate-50 text-slate-900"
                }`}
                data-testid="reference-chosen"
              >
                {name}
                <button
                  type="button"
                  className="inline-flex size-7 items-center justify-center rounded-full hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:outline-none"
                  aria-label={t("admin.website.references.remove", { name })}
                  onClick={() => onChange(toggledReferences(value, item.value, false))}
                >
                  <CloseIcon className="size-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {list === null ? (
        <p className="text-sm text-slate-600">{t("common.loading")}</p>
      ) : list === "failed" ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {t("admin.website.references.failed")}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t("admin.website.references.empty")}</p>
      ) : (
        <>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
            <input
              type="search"
              className={`${inputClasses(false)} pl-9`}
              aria-label={t("admin.website.references.search", { label })}
              placeholder={t("admin.website.references.search", { label })}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              autoComplete="off"
            />
          </div>
          <ul className="flex max-h-56 flex-col gap-0.5 overflow-y-auto rounded-lg border border-slate-200 p-2">
            {matching.map((record) => (
              <li key={String(record.value)}>
                <label className="inline-flex min-h-9 items-center gap-2 text-sm text-slate-900">
                  <input
                    type="checkbox"
                    className="size-4 accent-slate-900"
                    checked={picked.has(record.value)}
                    onChange={(event) =>
                      onChange(toggledReferences(value, record.value, event.target.checked))
                    }
                  />
                  {record.name}
                </label>
              </li>
            ))}
            {matching.length === 0 ? (
              <li className="text-sm text-slate-600">
                {t("admin.website.references.no_match", { query: query.trim() })}
              </li>
            ) : null}
          </ul>
          {list.truncated ? (
            <p className="text-sm text-slate-600">
              {t("admin.website.references.truncated", { count: list.data.length })}
            </p>
          ) : null}
        </>
      )}
      {error ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {t(`forms.errors.${error}`, { defaultValue: error })}
        </p>
      ) : null}
    </fieldset>
  );
}
