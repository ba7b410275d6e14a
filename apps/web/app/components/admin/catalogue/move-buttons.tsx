import { useTranslation } from "../../../i18n/react";
import { ChevronDownIcon } from "../../icons";

/** The cuids of a list with the item at `index` moved one place up (-1) or down (+1). */
export function movedOrder(cuids: readonly string[], index: number, delta: -1 | 1): string[] {
  const next = [...cuids];
  const target = index + delta;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** "Move up" and "Move down" of an item of an ordered list (keyboard and screen-reader friendly). */
export function MoveButtons({
  index,
  count,
  label,
  onMove,
  disabled = false,
}: {
  index: number;
  count: number;
  /** what is moved, for the buttons' accessible names */
  label: string;
  onMove: (delta: -1 | 1) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const classes =
    "inline-flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-30 disabled:hover:bg-transparent";
  return (
    <span className="inline-flex">
      <button
        type="button"
        className={classes}
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
        aria-label={t("admin.catalogue.move_up", { name: label })}
        title={t("admin.catalogue.move_up", { name: label })}
      >
        <ChevronDownIcon className="size-4 rotate-180" />
      </button>
      <button
        type="button"
        className={classes}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
        aria-label={t("admin.catalogue.move_down", { name: label })}
        title={t("admin.catalogue.move_down", { name: label })}
      >
        <ChevronDownIcon className="size-4" />
      </button>
    </span>
  );
}
