import "../zod-config.ts";
import { z } from "zod";
import { ELEMENT_KINDS, type ElementKind, MAX_ELEMENT_CHILDREN } from "./limits.ts";

// In a module of its own: the storefront's visitors never load it (the console's editor and the
// storefront's preview mode do).

/** The shape of a stored element (settings unchecked); see `parseElementTree` for the settings. */
export type PageElement = {
  id?: number | string;
  cuid?: string;
  element: ElementKind;
  family: string;
  type: string | null;
  name: string;
  settings: Record<string, unknown>;
  children?: PageElement[];
};

export const pageElement: z.ZodType<PageElement, unknown> = z.object({
  id: z.union([z.int(), z.string().max(100, "TOO_LONG")]).optional(),
  cuid: z.string().max(100, "TOO_LONG").optional(),
  element: z.enum(ELEMENT_KINDS),
  family: z.string().max(50, "TOO_LONG"),
  type: z
    .string()
    .max(50, "TOO_LONG")
    .nullish()
    .transform((value) => value ?? null),
  name: z.string().min(1, "REQUIRED").max(100, "TOO_LONG"),
  settings: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((value) => value ?? {}),
  get children() {
    return z.array(pageElement).max(MAX_ELEMENT_CHILDREN, "TOO_BIG").optional();
  },
});

/** A page's content: its top-level elements (sections). */
export const pageContent = z.array(pageElement).max(MAX_ELEMENT_CHILDREN, "TOO_BIG");
