import type { ImageView, Language, LocationView } from "@booking/contracts";
import { sanitizeHtml } from "@booking/domain/html";
import type { ImageData } from "../components/catalogue/detail";
import { localizeHref } from "./links";
import { notFound } from "./server-context";

/**
 * Helpers of the catalogue loaders: what they send to the page is plain, already formatted data.
 */

/** Images with a usable alternative text: the stored one, empty (decorative) otherwise. */
export function imageData(images: ImageView[]): ImageData[] {
  return images.map((image) => ({ url: image.public_url, alt: image.alt ?? "" }));
}

export interface LocationData {
  name: string;
  street: string | null;
  postcode: string | null;
  city: string | null;
}

/** A location as the pages show it: name, "street number", "postcode city". */
export function locationData(location: LocationView | null): LocationData | null {
  if (!location) return null;
  const street = [location.street, location.number].filter(Boolean).join(" ") || null;
  return {
    name: location.name || location.title,
    street,
    postcode: location.postcode,
    city: location.city,
  };
}

/**
 * A stored description as safe HTML: the domain's allow-list sanitiser keeps text formatting,
 * lists, tables and checked links (site paths get the page's language). Empty when there is none.
 */
export function descriptionHtml(html: string | null, language: Language): string {
  if (!html) return "";
  return sanitizeHtml(html, { mapHref: (href) => localizeHref(href, language) });
}

/** A missing record, or one the reader refuses to look up (malformed cuid), is a 404 page. */
export async function orNotFound<T>(read: Promise<T | null>): Promise<T> {
  let value: T | null;
  try {
    value = await read;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === "VALIDATION_ERROR") notFound();
    throw error;
  }
  if (value === null || value === undefined) notFound();
  return value;
}
