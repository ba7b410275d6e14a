import { clsx } from "clsx";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react";

/** Lines an expandable text shows before "Read more" (storefront.md §9, platform §9). */
export const EXPANDABLE_LINES = 3;

/**
 * A text shown on its first 3 lines, with a "Read more" button when there is more (measured in
 * the browser, again when the width changes) and "Show less" once open. The server renders it
 * collapsed; without JavaScript the clamp stays, the full text being in the page for readers.
 */
export function ExpandableText({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded]);

  return (
    <div data-testid={testId}>
      <div ref={ref} id={id} className={clsx(className, !expanded && "line-clamp-3")}>
        {children}
      </div>
      {overflows || expanded ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
          className="mt-1 min-h-11 text-sm font-semibold text-accent-ink underline-offset-4 hover:underline"
          data-testid={testId ? `${testId}-toggle` : undefined}
        >
          {expanded ? t("common.show_less") : t("common.show_more")}
        </button>
      ) : null}
    </div>
  );
}
