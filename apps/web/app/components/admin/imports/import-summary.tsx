import type { ImportSummaryView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";

/** The records (customers, participants, activities…) an import creates, updates or leaves. */
export function ImportSummary({ summary, done }: { summary: ImportSummaryView; done: boolean }) {
  const { t } = useTranslation();
  const groups = Object.entries(summary);
  return (
    <dl className="grid gap-3 sm:grid-cols-2" data-testid="import-summary">
      {groups.map(([group, counts]) => (
        <div key={group} className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
          <dt className="text-sm font-semibold text-slate-950">
            {t(`admin.imports.summary.${group}`)}
          </dt>
          <dd className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
            {(["created", "updated", "unchanged"] as const).map((action) => (
              <span key={action} data-testid={`import-${group}-${action}`}>
                <span className="text-xl font-bold tabular-nums text-slate-950">
                  {counts[action]}
                </span>{" "}
                {t(`admin.imports.summary.${done ? "done" : "will"}.${action}`)}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
