import { useMemo, useState } from "react";
import {
  AvailabilityCard,
  type AvailabilityCardData,
} from "../../components/catalogue/availability-cards";
import { ButtonLink } from "../../components/ui/button";
import { useTranslation } from "../../i18n/react";

/** The cards ticked with `multiple-selection`, sent to /cart/add (storefront.md "Add several"). */
export interface CardSelection {
  isSelected(card: AvailabilityCardData): boolean;
  toggle(card: AvailabilityCardData): void;
  count: number;
  href: string;
  clear(): void;
}

export function useCardSelection(enabled: boolean): CardSelection | null {
  const [selected, setSelected] = useState<AvailabilityCardData[]>([]);
  return useMemo(() => {
    if (!enabled) return null;
    const availabilities = [...new Set(selected.map((card) => card.cuid))];
    // A day view's card is one date of its availability (its key), a list's the availability.
    const dates = selected.filter((card) => card.key !== card.cuid).map((card) => card.key);
    return {
      isSelected: (card) => selected.some((other) => other.key === card.key),
      toggle: (card) =>
        setSelected((current) =>
          current.some((other) => other.key === card.key)
            ? current.filter((other) => other.key !== card.key)
            : [...current, card],
        ),
      count: selected.length,
      href: `/cart/add?availabilities=${availabilities.join(",")}${dates.length > 0 ? `&dates=${dates.join(",")}` : ""}`,
      clear: () => setSelected([]),
    };
  }, [enabled, selected]);
}

export function CardItem({
  card,
  selection,
}: {
  card: AvailabilityCardData;
  selection: CardSelection | null;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-2">
      <AvailabilityCard card={card} />
      {selection ? (
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 self-start rounded-lg px-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
          <input
            type="checkbox"
            className="size-5 accent-[var(--accent)]"
            checked={selection.isSelected(card)}
            onChange={() => selection.toggle(card)}
            data-testid="select-availability"
          />
          {t("activity.selection.select")}
          <span className="sr-only">{card.title}</span>
        </label>
      ) : null}
    </li>
  );
}

export function SelectionBar({ selection }: { selection: CardSelection | null }) {
  const { t } = useTranslation();
  if (!selection || selection.count === 0) return null;
  return (
    <div
      className="sticky bottom-4 z-20 mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-lg"
      data-testid="selection-bar"
    >
      <p className="text-sm font-semibold text-slate-950" aria-live="polite">
        {t("activity.selection.count", { count: selection.count })}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={selection.clear}
          className="min-h-11 rounded-lg px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          {t("activity.selection.clear")}
        </button>
        <ButtonLink to={selection.href}>{t("activity.selection.add")}</ButtonLink>
      </div>
    </div>
  );
}

/** The page's query with `name` set to `value` (removed when null), as `?…` or "". */
export function withParam(search: string, name: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}
