import { useTranslation } from "../../i18n/react";
import type { LocationData } from "../../lib/catalogue-data";

/** Name, "street number" and "postcode city", one per line. */
export function LocationAddress({ location }: { location: LocationData }) {
  const locality = [location.postcode, location.city].filter(Boolean).join(" ");
  return (
    <address className="not-italic">
      <span className="block font-medium">{location.name}</span>
      {location.street ? <span className="block">{location.street}</span> : null}
      {locality ? <span className="block">{locality}</span> : null}
    </address>
  );
}

/** "De 6 à 12 ans", "À partir de 6 ans", "Jusqu'à 12 ans". */
export function AgeLimits({
  minimum,
  maximum,
}: {
  minimum: number | null;
  maximum: number | null;
}) {
  const { t } = useTranslation();
  if (minimum !== null && maximum !== null) {
    return <>{t("catalogue.ages.between", { minimum, maximum })}</>;
  }
  if (minimum !== null) return <>{t("catalogue.ages.minimum", { count: minimum })}</>;
  if (maximum !== null) return <>{t("catalogue.ages.maximum", { count: maximum })}</>;
  return null;
}
