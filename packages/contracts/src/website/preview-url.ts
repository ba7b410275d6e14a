// Apart from the preview's schemas (website/preview.ts): storefront pages read this for every
// visitor, and it must not bring the page-element schemas into their scripts.

/** True for a page address in preview mode (`?preview=true`): a URL or the router's location. */
export function isPreviewUrl(url: Pick<URL, "search">): boolean {
  return new URLSearchParams(url.search).get("preview") === "true";
}
