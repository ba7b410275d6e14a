import type { ComponentType, ReactNode } from "react";
import type { IconProps } from "../icons";

/** What a list says when it has nothing to show: a pictogram, why, and what to do about it. */
export function EmptyState({
  icon: EmptyIcon,
  title,
  body,
  action,
}: {
  icon: ComponentType<IconProps>;
  title: string;
  body?: string;
  action?: ReactNode;
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 px-6 py-12 text-center"
      data-testid="empty-state"
    >
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600"
      >
        <EmptyIcon className="size-6" />
      </span>
      <div>
        <h2 className="text-base font-semibold text-slate-950">{title}</h2>
        {body ? <p className="mt-1 max-w-md text-sm text-pretty text-slate-600">{body}</p> : null}
      </div>
      {action}
    </div>
  );
}
