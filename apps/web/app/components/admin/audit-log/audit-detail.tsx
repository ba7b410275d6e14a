import type { AuditLogView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { ArrowRightIcon } from "../../icons";
import { type AuditChange, auditChanges, auditText } from "./audit-diff";

function Value({ value, tone }: { value: unknown; tone: "before" | "after" }) {
  const { t } = useTranslation();
  const text = auditText(value);
  if (text === null)
    return <span className="text-slate-500 italic">{t("admin.audit.empty_value")}</span>;
  return (
    <code
      className={
        tone === "before"
          ? "rounded bg-red-50 px-1.5 py-0.5 break-all text-red-900 line-through decoration-red-400"
          : "rounded bg-emerald-50 px-1.5 py-0.5 break-all text-emerald-900"
      }
    >
      {text}
    </code>
  );
}

function ListChange({ change }: { change: AuditChange }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      {change.added && change.added.length > 0 ? (
        <p>
          <span className="font-medium text-emerald-800">{t("admin.audit.added")}</span>{" "}
          <code className="break-all text-emerald-900">{change.added.join(", ")}</code>
        </p>
      ) : null}
      {change.removed && change.removed.length > 0 ? (
        <p>
          <span className="font-medium text-red-800">{t("admin.audit.removed")}</span>{" "}
          <code className="break-all text-red-900">{change.removed.join(", ")}</code>
        </p>
      ) : null}
    </div>
  );
}

/** An audit entry's changes, "key: before → after", under its row of the audit log. */
export function AuditDetail({ entry }: { entry: AuditLogView }) {
  const { t } = useTranslation();
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) {
    return <p className="text-sm text-slate-600">{t("admin.audit.no_changes")}</p>;
  }
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr]">
      {changes.map((change) => (
        <div key={change.key} className="contents">
          <dt className="font-mono text-xs font-semibold text-slate-700 sm:pt-0.5">{change.key}</dt>
          <dd className="min-w-0">
            {change.added || change.removed ? (
              <ListChange change={change} />
            ) : (
              <span className="flex flex-wrap items-center gap-2">
                {entry.before ? <Value value={change.before} tone="before" /> : null}
                {entry.before && entry.after ? (
                  <>
                    <ArrowRightIcon className="size-4 text-slate-500" />
                    <span className="sr-only">{t("admin.audit.became")}</span>
                  </>
                ) : null}
                {entry.after ? <Value value={change.after} tone="after" /> : null}
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
