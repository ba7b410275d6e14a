import "../zod-config.ts";
import { z } from "zod";
// The tree's shape only: the settings are checked by the server (preview-sections), so that the
// settings schemas never reach the storefront's scripts.
import { pageContent } from "../page-elements/page-content.ts";

export { isPreviewUrl } from "./preview-url.ts";

// The storefront's preview mode (storefront.md "Preview mode"): the console's page editor frames
// `{storefront}/{lang}{path}?preview=true` and posts it the page being edited; nothing is saved.

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

/** Most section data a preview keeps, and names as known in its requests. */
export const MAX_PREVIEW_KNOWN = 200;

/**
 * The body of a preview request: the previewed content, the address of the previewed page (path
 * and query: the sections' filters and paging live in it, as on the page), and the section data
 * the preview already holds (by `sectionDataKey`), which is not loaded again.
 */
export const previewSectionsRequest = z.object({
  content: pageContent,
  known: z.array(z.string().max(20_000)).max(MAX_PREVIEW_KNOWN).default([]),
  location: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)/, "INVALID_FORMAT"),
});
export type PreviewSectionsRequest = z.infer<typeof previewSectionsRequest>;

/**
 * Names a loading section's data: the same element, kind and validated settings load the same
 * data (on the same page), so the preview asks for it once.
 */
export function sectionDataKey(node: {
  cuid: string;
  key: string;
  settings: Record<string, unknown>;
}): string {
  return `${node.cuid}|${node.key}|${JSON.stringify(node.settings)}`;
}
