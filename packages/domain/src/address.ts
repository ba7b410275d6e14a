// Postal addresses as the storefront shows them (the organiser's contact details).

export interface PostalAddress {
  street: string | null;
  number: string | null;
  postcode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2 code */
  country: string | null;
}

export type MapProvider = "openstreetmap" | "google";

const present = (value: string | null) => (value ?? "").trim();

/** Countries whose addresses put the house number before the street ("12 Riverside Walk"). */
const NUMBER_FIRST = new Set(["GB", "IE", "US", "CA", "AU", "NZ", "FR", "LU"]);
/** Countries whose postcode comes after the town, on its own line ("London", "SE1 9PP"). */
const POSTCODE_LAST = new Set(["GB", "IE"]);

/**
 * The address's lines in its country's order, without the empty parts: "Rue de la Forêt 12",
 * "1000 Bruxelles" in Belgium; "12 Riverside Walk", "London", "SE1 9PP" in the United Kingdom.
 * An address without any part has no lines.
 */
export function addressLines(address: PostalAddress): string[] {
  const country = present(address.country).toUpperCase();
  const [street, number] = [present(address.street), present(address.number)];
  const [postcode, city] = [present(address.postcode), present(address.city)];
  const streetLine = (NUMBER_FIRST.has(country) ? [number, street] : [street, number])
    .filter(Boolean)
    .join(" ");
  const cityLines = POSTCODE_LAST.has(country)
    ? [city, postcode]
    : [[postcode, city].filter(Boolean).join(" ")];
  return [streetLine, ...cityLines].filter(Boolean);
}

/**
 * A link that opens the map provider's search on the address (no key, no embedded script): null
 * when the address has no street nor city to look for.
 */
export function mapSearchUrl(
  address: PostalAddress,
  provider: MapProvider,
  countryName?: string,
): string | null {
  const lines = addressLines(address);
  if (!present(address.street) && !present(address.city)) return null;
  const query = [...lines, countryName ?? present(address.country)].filter(Boolean).join(", ");
  return provider === "google"
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
    : `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
