import type { ImportDetail } from "@booking/contracts";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { importsApi } from "../../../lib/admin/imports-api";
import { ApiRequestError } from "../../../lib/api";
import { toastError } from "../../../lib/toast";
import { targetLabel } from "./target-label";

/**
 * The columns of the file, each with an example value and the field it fills, guessed from its
 * header; a change is saved at once and the check below follows it.
 */
export function MappingEditor({ detail, editable }: { detail: ImportDetail; editable: boolean }) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const [saving, setSaving] = useState(false);
  const example = (index: number) =>
    detail.preview.map((row) => row[index] ?? "").find((cell) => cell.trim() !== "") ?? "";

  async function change(index: number, target: string | null) {
    const mapping = detail.mapping.map((current, position) =>
      position === index ? target : current,
    );
    setSaving(true);
    try {
      await importsApi.setMapping(detail.cuid, mapping);
      await revalidate();
    } catch (error) {
      toastError(error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR", t);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="import-mapping" className="flex flex-col gap-3">
      <h2 id="import-mapping" className="text-lg font-semibold text-slate-950">
        {t("admin.imports.mapping.title")}
      </h2>
      <p className="text-sm text-slate-600">{t("admin.imports.mapping.help")}</p>
      <ul className="grid gap-2 md:grid-cols-2" aria-busy={saving}>
        {detail.headers.map((header, index) => {
          const id = `import-column-${index}`;
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns are its indexes
              key={index}
              className="flex min-w-0 flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 shadow-xs"
            >
              <label htmlFor={id} className="text-sm font-semibold text-slate-950 break-words">
                {header || t("admin.imports.mapping.untitled", { number: index + 1 })}
              </label>
              <span className="truncate text-xs text-slate-500">
                {example(index) || t("admin.imports.mapping.no_example")}
              </span>
              <select
                id={id}
                // A long option (an activity's question) must not widen the column past a phone.
                className="mt-1 min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 disabled:bg-slate-50"
                value={detail.mapping[index] ?? ""}
                disabled={!editable || saving}
                onChange={(event) => void change(index, event.target.value || null)}
                data-testid="import-mapping-select"
              >
                <option value="">{t("admin.imports.mapping.ignore")}</option>
                {detail.targets.map((target) => (
                  <option key={target.key} value={target.key}>
                    {targetLabel(t, target)}
                    {target.required ? " *" : ""}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
