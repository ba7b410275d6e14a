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

/**
 * The address's lines, without the empty parts: "Rue de la Forêt 12", "1000 Bruxelles". The
 * number follows the street, as in most of Europe; an address without any part has no lines.
 */
export function addressLines(address: PostalAddress): string[] {
  const street = [present(address.street), present(address.number)].filter(Boolean).join(" ");
  const city = [present(address.postcode), present(address.city)].filter(Boolean).join(" ");
  return [street, city].filter(Boolean);
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
