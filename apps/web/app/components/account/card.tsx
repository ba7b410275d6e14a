import { clsx } from "clsx";
import type { ReactNode } from "react";

/**
 * A panel of the account area: white, bordered, with an optional heading row (title, description
 * and an action on the right). `tone="danger"` marks irreversible actions.
 */
export function AccountCard({
  title,
  description,
  action,
  tone = "default",
  className,
  children,
  headingLevel = 2,
}: {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  tone?: "default" | "danger";
  className?: string;
  children?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      className={clsx(
        "rounded-2xl border bg-white p-5 shadow-xs sm:p-6",
        tone === "danger" ? "border-red-200" : "border-slate-200",
        className,
      )}
    >
      {title || action ? (
        <div className="mb-5 flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            {title ? (
              <Heading
                className={clsx(
                  "text-lg font-semibold tracking-tight",
                  tone === "danger" ? "text-red-800" : "text-slate-950",
                )}
              >
                {title}
              </Heading>
            ) : null}
            {description ? (
              <p className="mt-1 text-sm text-pretty text-slate-600">{description}</p>
            ) : null}
          </div>
          {action ? <div className="shrink-0">{action}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
