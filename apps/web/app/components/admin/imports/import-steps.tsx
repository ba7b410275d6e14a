import { clsx } from "clsx";
import { useTranslation } from "../../../i18n/react";

const STEPS = ["file", "mapping", "check", "import"] as const;
export type ImportStep = (typeof STEPS)[number];

/** Where the organiser stands in the wizard: file, columns, check, import. */
export function ImportSteps({ current }: { current: ImportStep }) {
  const { t } = useTranslation();
  const index = STEPS.indexOf(current);
  return (
    <ol className="flex flex-wrap gap-2 text-sm" aria-label={t("admin.imports.steps.label")}>
      {STEPS.map((step, position) => (
        <li
          key={step}
          aria-current={step === current ? "step" : undefined}
          className={clsx(
            "flex items-center gap-2 rounded-full px-3 py-1 font-medium",
            position < index && "bg-emerald-50 text-emerald-900",
            position === index && "bg-accent text-on-accent",
            position > index && "bg-slate-100 text-slate-600",
          )}
        >
          <span aria-hidden="true">{position + 1}</span>
          {t(`admin.imports.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}
