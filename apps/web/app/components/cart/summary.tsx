import { clsx } from "clsx";
import type { ReactNode } from "react";

/** A money summary card (checkout, checkout success): a title over a list of `SummaryRow`s. */
export function SummaryCard({
  title,
  titleId,
  children,
}: {
  title: string;
  /** labels the section with its title (a named region) */
  titleId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={titleId} className="text-lg font-semibold text-slate-950">
        {title}
      </h2>
      <dl className="mt-4 flex flex-col gap-2 text-sm">{children}</dl>
    </section>
  );
}

/** One line of a `SummaryCard`: a label and an amount, `strong` for totals. */
export function SummaryRow({
  label,
  value,
  testId,
  strong,
  muted,
}: {
  label: ReactNode;
  value: string;
  testId?: string;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={clsx(strong ? "font-semibold text-slate-950" : "text-slate-700")}>{label}</dt>
      <dd
        data-testid={testId}
        className={clsx(
          "whitespace-nowrap",
          strong ? "text-lg font-bold text-slate-950" : "font-medium text-slate-900",
          muted && "text-slate-600",
        )}
      >
        {value}
      </dd>
    </div>
  );
}
