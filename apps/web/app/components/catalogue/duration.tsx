import { useTranslation } from "../../i18n/react";
import { durationParts } from "../../lib/duration";

/** Spells a length in seconds out: "1 an", "2 semaines", "30 jours". */
export function useDurationText(): (seconds: number) => string {
  const { t } = useTranslation();
  return (seconds) => {
    const { unit, count } = durationParts(seconds);
    return t(`catalogue.duration.${unit}`, { count });
  };
}
