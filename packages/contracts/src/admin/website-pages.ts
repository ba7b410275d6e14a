import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { CUID_PATTERN, optionalText } from "../page-elements/primitives.ts";
import {
  ELEMENT_KINDS,
  type ElementKind,
  elementKey,
  isElementKey,
  MAX_ELEMENT_CHILDREN,
  MAX_ELEMENT_DEPTH,
  type PageElement,
  parseElementSettings,
} from "../page-elements.ts";

// The console's page builder (/api/admin/website/pages…): pages with their draft, published
// and archived versions. A version's content is the page's element tree (`PageElement`), each
// element carrying the stable cuid the editor gave it.

export const PAGE_TYPES = ["DEFAULT", "AVAILABILITY"] as const;
export type PageTypeName = (typeof PAGE_TYPES)[number];

/** Longest page path (without the language prefix). */
export const MAX_PAGE_PATH_LENGTH = 500;

/**
 * A site path as pages store it: leading slash, no trailing slash (except `/`), no empty
 * segment, query, fragment or white space. Null when it
 * cannot be a page's path.
 */
export function normalisePagePath(path: string): string | null {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  if (bare.length === 0 || bare.length > MAX_PAGE_PATH_LENGTH || !bare.startsWith("/")) return null;
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
  if (trimmed === "") return "/";
  return trimmed === "/" || /^(\/[^/?#\s]+)+$/.test(trimmed) ? trimmed : null;
}

const pagePath = z
  .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "INVALID_TYPE") })
  .trim()
  .max(MAX_PAGE_PATH_LENGTH, "TOO_LONG")
  .transform((value, ctx) => {
    const path = normalisePagePath(value);
    if (path === null) {
      ctx.issues.push({ code: "custom", message: "INVALID_FORMAT", input: value });
      return z.NEVER;
    }
    return path;
  });

export const adminPageView = z.object({
  cuid: z.string(),
  type: z.enum(PAGE_TYPES),
  title: z.string(),
  path: z.string(),
  seo_title: z.string().nullable(),
  description: z.string().nullable(),
  /** the storefront shows the page (it was published once) */
  published: z.boolean(),
  /** changes saved but not published */
  has_draft: z.boolean(),
  /** the home page and the availability template cannot be deleted */
  deletable: z.boolean(),
  updated_at: z.string(),
});
export type AdminPageView = z.infer<typeof adminPageView>;
export const adminPageList = z.object({ data: z.array(adminPageView) });

/** POST /api/admin/website/pages */
export const adminPageCreateBody = z.object({
  title: requiredText(LIMITS.shortText),
  path: pagePath,
  type: z.enum(PAGE_TYPES, "INVALID_CHOICE").default("DEFAULT"),
});
export type AdminPageCreateBody = z.input<typeof adminPageCreateBody>;

/** PUT /api/admin/website/pages/:cuid — title, path and what search engines read. */
export const adminPageSettingsBody = z.object({
  title: requiredText(LIMITS.shortText),
  path: pagePath,
  seo_title: optionalText(LIMITS.shortText),
  description: optionalText(1000),
});
export type AdminPageSettingsBody = z.input<typeof adminPageSettingsBody>;

/** An element of a draft: its cuid is required (the editor makes it when adding the element). */
export type DraftElement = Omit<PageElement, "cuid" | "children"> & {
  cuid: string;
  children?: DraftElement[];
};

export const draftElement: z.ZodType<DraftElement, unknown> = z.object({
  id: z.union([z.int(), z.string().max(100, "TOO_LONG")]).optional(),
  cuid: z.string("REQUIRED").regex(CUID_PATTERN, "INVALID_FORMAT"),
  element: z.enum(ELEMENT_KINDS, "INVALID_CHOICE"),
  family: z.string().max(50, "TOO_LONG"),
  type: z
    .string()
    .max(50, "TOO_LONG")
    .nullish()
    .transform((value) => value ?? null),
  name: z.string().min(1, "REQUIRED").max(100, "TOO_LONG"),
  settings: z.record(z.string(), z.unknown()).default({}),
  get children() {
    return z.array(draftElement).max(MAX_ELEMENT_CHILDREN, "TOO_BIG").optional();
  },
});

/** PUT /api/admin/website/pages/:cuid/draft — the whole tree. */
export const adminPageDraftBody = z.object({
  content: z.array(draftElement).max(MAX_ELEMENT_CHILDREN, "TOO_BIG"),
});
export type AdminPageDraftBody = z.input<typeof adminPageDraftBody>;

/** GET …/draft: the draft when there is one, else the published content. */
export const adminPageDraftView = z.object({
  page: adminPageView,
  content: z.array(z.custom<DraftElement>()),
  /** true when `content` is a saved draft, false when it is the published content */
  is_draft: z.boolean(),
});
export type AdminPageDraftView = z.infer<typeof adminPageDraftView>;

export const PAGE_VERSION_STATUSES = ["DRAFT", "PUBLISHED", "ARCHIVED"] as const;

export const adminPageVersionView = z.object({
  cuid: z.string(),
  status: z.enum(PAGE_VERSION_STATUSES),
  /** top-level elements */
  sections: z.int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPageVersionView = z.infer<typeof adminPageVersionView>;
export const adminPageVersionList = z.object({ data: z.array(adminPageVersionView) });

export const adminPageVersionParams = z.object({
  cuid: z.string("INVALID_TYPE").min(1, "REQUIRED").max(40, "TOO_LONG"),
  version: z.string("INVALID_TYPE").min(1, "REQUIRED").max(40, "TOO_LONG"),
});

/** Published, archived versions kept per page (older archived ones are deleted on publish). */
export const MAX_PAGE_VERSIONS = 20;

/** Which kinds each place of the tree admits (storefront.md §2: sections hold containers and blocks, containers hold blocks; a container may nest another for columns). */
export const ADMITTED_CHILDREN: Record<"page" | ElementKind, readonly ElementKind[]> = {
  page: ["section"],
  section: ["container", "block"],
  container: ["container", "block"],
  block: [],
};

/**
 * Everything wrong with a draft, as VALIDATION_ERROR fields: `elements.<cuid>` for the element
 * itself (an unknown element or one its parent does not admit: INVALID_CHOICE; a cuid used twice:
 * DUPLICATE; deeper than MAX_ELEMENT_DEPTH: TOO_BIG) and `elements.<cuid>.settings.<path>` for
 * its settings as `parseElementSettings` reads them. Empty when the draft may be saved. The
 * console shows the same errors inline before saving.
 */
export function draftIssues(content: readonly DraftElement[]): Record<string, string> {
  const issues: Record<string, string> = {};
  const seen = new Set<string>();
  const visit = (nodes: readonly DraftElement[], parent: "page" | ElementKind, depth: number) => {
    for (const node of nodes) {
      const at = `elements.${node.cuid}`;
      if (seen.has(node.cuid)) issues[at] = "DUPLICATE";
      seen.add(node.cuid);
      if (depth > MAX_ELEMENT_DEPTH) issues[at] = "TOO_BIG";
      else if (!ADMITTED_CHILDREN[parent]?.includes(node.element)) issues[at] = "INVALID_CHOICE";
      if (!isElementKey(elementKey(node.element, node.name))) {
        issues[at] = "INVALID_CHOICE";
      } else {
        const parsed = parseElementSettings(node.element, node.name, node.settings);
        if (!parsed.ok) {
          for (const issue of parsed.issues) {
            issues[`${at}.settings${issue.path ? `.${issue.path}` : ""}`] ??= issue.code;
          }
        }
      }
      visit(node.children ?? [], node.element, depth + 1);
    }
  };
  visit(content, "page", 1);
  return issues;
}

/** POST /api/admin/website/images (multipart, one `file`): the stored image's address. */
export const adminWebsiteImage = z.object({ url: z.string(), width: z.int(), height: z.int() });
export type AdminWebsiteImage = z.infer<typeof adminWebsiteImage>;
