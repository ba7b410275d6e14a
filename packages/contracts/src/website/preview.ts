import "../zod-config.ts";
import { z } from "zod";
import { pageContent } from "../page-elements.ts";

// The storefront's preview mode (storefront.md "Preview mode"): the console's page editor frames
// `{storefront}/{lang}{path}?preview=true` and posts it the page being edited; nothing is saved.

/** True for a page address in preview mode (`?preview=true`). */
export function isPreviewUrl(url: URL): boolean {
  return url.searchParams.get("preview") === "true";
}

/** What the editor posts to the preview frame: the page's elements and the one under the pointer. */
export const previewMessage = z.object({
  content: pageContent,
  /** the element under the pointer in the editor, by cuid */
  hovered: z.object({ id: z.string().min(1).max(100) }).nullable(),
});
export type PreviewMessage = z.infer<typeof previewMessage>;

/** What the preview frame posts to the editor once it listens (the editor then sends its content). */
export const PREVIEW_READY = { type: "preview-ready" } as const;

export function isPreviewReady(data: unknown): boolean {
  return (data as { type?: unknown } | null)?.type === PREVIEW_READY.type;
}

/** The storefront path the preview frame asks its sections' data from (POST, public data only). */
export const PREVIEW_SECTIONS_PATH = "/_preview/sections";

/**
 * The body of a sections-data request: the previewed content, and the address of the previewed
 * page (path and query: the sections' filters and paging live in it, as on the page).
 */
export const previewSectionsRequest = z.object({
  content: pageContent,
  location: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)/, "INVALID_FORMAT"),
});
export type PreviewSectionsRequest = z.infer<typeof previewSectionsRequest>;
