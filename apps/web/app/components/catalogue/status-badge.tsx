import { useTranslation } from "../../i18n/react";

/**
 * The red badge of a card or date: CLOSED, OVERLAP or FULL. Apart from the detail page's parts,
 * which the cards of the home page do not need (decision 0069).
 */
export function StatusBadge({ status }: { status: "CLOSED" | "OVERLAP" | "FULL" }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800 ring-1 ring-red-200 ring-inset">
      {t(`catalogue.badge.${status}`)}
    </span>
  );
}
