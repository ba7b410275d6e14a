import { createId } from "@paralleldrive/cuid2";
import type { Transaction } from "../client.ts";
import {
  type PageElementKind,
  type PageElementSettings,
  type PageType,
  pageElements,
  pages,
} from "../schema/pages.ts";

// Writes storefront pages given as trees. The demo pages themselves are described elsewhere
// (`DEMO_PAGES_BY_LANGUAGE` in pages-data.ts).

/** A page element and its children; positions follow the array order. */
export type ElementTree = {
  element: PageElementKind;
  family: string;
  type?: string | null;
  name: string;
  settings?: PageElementSettings;
  children?: ElementTree[];
};

export type DemoPage = {
  /** Site path without the language prefix, unique per organiser: `/`, `/stages`. */
  path: string;
  type: PageType;
  title: string;
  /** The meta description. */
  description?: string | null;
  published?: boolean;
  elements: ElementTree[];
};

/** A row the seed wrote, for settings that point at it. */
export type SeededRef = { id: number; cuid: string };

/**
 * What the seed wrote for an organiser before its pages, by the demo descriptions' keys (e.g.
 * `catalogs.stages`, `segments["stages-ete"]`, `calendarPeriods.ete`), so that the
 * pages' section settings can select a catalog, a segment or a period.
 */
export type DemoCatalogueRefs = {
  catalogs: Record<string, SeededRef>;
  segments: Record<string, SeededRef>;
  calendarPeriods: Record<string, SeededRef>;
  resources: Record<string, SeededRef>;
  activities: Record<string, SeededRef>;
  locations: Record<string, SeededRef>;
  categories: Record<string, SeededRef>;
};

/** Static pages, or pages built from the seeded rows' ids and cuids. */
export type DemoPagesSource = DemoPage[] | ((catalogue: DemoCatalogueRefs) => DemoPage[]);

export const resolveDemoPages = (source: DemoPagesSource, catalogue: DemoCatalogueRefs) =>
  typeof source === "function" ? source(catalogue) : source;

type PendingElement = {
  node: ElementTree;
  pageId: number;
  parentId: number | null;
  position: number;
};

/**
 * Inserts `pageList` and their element trees for `organiserId`: one statement for the pages,
 * then one per tree level. Children get their parent's id and their index as position.
 */
export async function seedPages(
  tx: Transaction,
  organiserId: number,
  pageList: DemoPage[],
): Promise<{ pages: number; pageElements: number }> {
  if (pageList.length === 0) return { pages: 0, pageElements: 0 };
  const pageRows = await tx
    .insert(pages)
    .values(
      pageList.map((page) => ({
        organiserId,
        type: page.type,
        path: page.path,
        title: page.title,
        description: page.description ?? null,
        published: page.published ?? true,
      })),
    )
    .returning({ id: pages.id, path: pages.path });
  const pageIds = new Map(pageRows.map((row) => [row.path, row.id]));

  let level: PendingElement[] = pageList.flatMap((page) =>
    page.elements.map((node, position) => ({
      node,
      pageId: pageIds.get(page.path)!,
      parentId: null,
      position,
    })),
  );
  let written = 0;
  while (level.length > 0) {
    // Client-side cuids tie each returned id to its node, whatever order the rows come back in.
    const rows = level.map((item) => ({
      cuid: createId(),
      organiserId,
      pageId: item.pageId,
      parentId: item.parentId,
      position: item.position,
      element: item.node.element,
      family: item.node.family,
      type: item.node.type ?? null,
      name: item.node.name,
      settings: item.node.settings ?? {},
    }));
    const inserted = await tx
      .insert(pageElements)
      .values(rows)
      .returning({ id: pageElements.id, cuid: pageElements.cuid });
    const ids = new Map(inserted.map((row) => [row.cuid, row.id]));
    written += rows.length;
    level = level.flatMap((item, index) =>
      (item.node.children ?? []).map((node, position) => ({
        node,
        pageId: item.pageId,
        parentId: ids.get(rows[index]!.cuid)!,
        position,
      })),
    );
  }
  return { pages: pageRows.length, pageElements: written };
}
