import { clsx } from "clsx";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";

export interface PopoverProps {
  /** the trigger's content; the trigger is a button with aria-expanded */
  trigger: ReactNode;
  /** accessible name of the trigger when its content is not enough (icon only) */
  triggerLabel?: string;
  triggerClassName?: string;
  /** accessible name of the panel (a non-modal dialog) */
  label: string;
  align?: "start" | "end";
  /** the panel's content; `close` returns the focus to the trigger */
  children: (close: () => void) => ReactNode;
  className?: string;
  triggerProps?: Record<string, string | undefined>;
  /**
   * false: the panel is placed against the nearest positioned ancestor instead of the trigger
   * (a whole form row), so that it does not overflow a narrow sidebar.
   */
  anchored?: boolean;
}

/**
 * A small non-modal popover: a button that opens a panel below it. Escape and a click outside
 * close it and give the focus back to the button; focus leaving the panel closes it too.
 */
export function Popover({
  trigger,
  triggerLabel,
  triggerClassName,
  label,
  align = "start",
  children,
  className,
  triggerProps,
  anchored = true,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const close = useCallback((restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, close]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and focus leaving anywhere in the popover close it
    <div
      ref={rootRef}
      data-popover-open={open ? "" : undefined}
      className={clsx(anchored && "relative", className)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          event.preventDefault();
          close();
        }
      }}
      onBlur={(event) => {
        if (
          open &&
          event.relatedTarget &&
          !rootRef.current?.contains(event.relatedTarget as Node)
        ) {
          close(false);
        }
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-haspopup="dialog"
        aria-label={triggerLabel}
        className={triggerClassName}
        onClick={() => setOpen((value) => !value)}
        {...triggerProps}
      >
        {trigger}
      </button>
      {open ? (
        <div
          id={id}
          role="dialog"
          aria-label={label}
          className={clsx(
            "absolute top-full z-40 mt-2 w-max max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-3 shadow-xl",
            align === "end" ? "right-0" : "left-0",
          )}
        >
          {children(() => close())}
        </div>
      ) : null}
    </div>
  );
}
