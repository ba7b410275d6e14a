import type { ReactNode } from "react";

/** A titled card of a console detail page (a registration, a request), with an optional action. */
export function DetailCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Label–value rows of a detail card. */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="flex flex-col gap-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-start justify-between gap-4">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 text-right font-medium text-slate-950">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
