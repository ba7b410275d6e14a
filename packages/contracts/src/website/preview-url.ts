// Apart from the preview's schemas (website/preview.ts): storefront pages read this for every
// visitor, and it must not bring the page-element schemas into their scripts.

/** True for a page address in preview mode (`?preview=true`). */
export function isPreviewUrl(url: URL): boolean {
  return url.searchParams.get("preview") === "true";
}
