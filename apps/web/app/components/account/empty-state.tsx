import type { ComponentType, ReactNode } from "react";
import type { IconProps } from "../icons";
import { AccountCard } from "./card";

/** What an account list says when it has nothing yet: a pictogram, why, and what to do. */
export function AccountEmptyState({
  icon: EmptyIcon,
  title,
  body,
  action,
}: {
  icon: ComponentType<IconProps>;
  title: string;
  body: string;
  action?: ReactNode;
}) {
  return (
    <AccountCard>
      <div className="flex flex-col items-center gap-4 py-6 text-center">
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-ink"
        >
          <EmptyIcon className="size-7" />
        </span>
        <div>
          <h2 className="text-lg font-semibold text-slate-950">{title}</h2>
          <p className="mt-1 max-w-md text-pretty text-slate-600">{body}</p>
        </div>
        {action}
      </div>
    </AccountCard>
  );
}
