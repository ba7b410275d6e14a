import type { ReactNode } from "react";
import { AccountCard } from "./card";

/**
 * The card of an irreversible action (deleting the account or a participant, cancelling a
 * registration): what it will do, as a red list under `heading`, then the form that does it.
 */
export function ConsequencesCard({
  title,
  heading,
  consequences,
  children,
}: {
  title: string;
  /** a heading over the list, when the card's title names what is concerned */
  heading?: string;
  consequences: string[];
  children: ReactNode;
}) {
  return (
    <AccountCard tone="danger" title={title}>
      {heading ? <h3 className="mb-3 text-sm font-semibold text-slate-900">{heading}</h3> : null}
      <ul className="flex flex-col gap-3 text-base text-slate-800">
        {consequences.map((text) => (
          <li key={text} className="flex gap-3">
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-red-600" />
            <span className="text-pretty">{text}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6 border-t border-red-100 pt-6">{children}</div>
    </AccountCard>
  );
}
