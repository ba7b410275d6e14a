import {
  normalisePagePath,
  type PageElementNode,
  type PageTexts,
  type PageView,
  type SitemapEntry,
  type StorefrontOrganiser,
  type TextPage,
} from "@booking/contracts";
import {
  bundles,
  type CataloguePageSettings,
  DEFAULT_CATALOGUE_PAGE_SETTINGS,
  memberships,
  type OrganiserWebsite,
  vouchers,
} from "@booking/db";
import type { ServiceContext } from "../../http/service-context.ts";
import { blogSitemapEntries } from "../blog/service.ts";
import { sitemapActivities, sitemapAvailabilities, sitemapProducts } from "../catalogue/queries.ts";
import {
  findPublishedAvailabilityTemplate,
  findPublishedPage,
  loadPageElements,
  type PageElementRow,
  type PageRow,
  sitemapPages,
} from "./queries.ts";

/** Nests the elements under their parents; an element whose parent is missing is dropped. */
export function elementTree(rows: PageElementRow[]): PageElementNode[] {
  const nodes = new Map<number, PageElementNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      cuid: row.cuid,
      element: row.element,
      family: row.family,
      type: row.type,
      name: row.name,
      settings: row.settings,
      children: [],
    });
  }
  const roots: PageElementNode[] = [];
  const ordered = [...rows].sort((a, b) => a.position - b.position || a.id - b.id);
  for (const row of ordered) {
    const node = nodes.get(row.id)!;
    if (row.parentId === null) roots.push(node);
    else nodes.get(row.parentId)?.children.push(node);
  }
  return roots;
}

/** The published page at `path` with its element tree, or null. */
export async function getPage(context: ServiceContext, path: string): Promise<PageView | null> {
  const normalised = normalisePagePath(path);
  if (normalised === null) return null;
  const page = await findPublishedPage(context.db, context.organiser.id, normalised);
  return page && pageView(context, page);
}

/** The published AVAILABILITY page with its element tree: the layout of availability pages. */
export async function getAvailabilityTemplate(context: ServiceContext): Promise<PageView | null> {
  const page = await findPublishedAvailabilityTemplate(context.db, context.organiser.id);
  return page && pageView(context, page);
}

async function pageView(context: ServiceContext, page: PageRow): Promise<PageView> {
  const { db, organiser } = context;
  return {
    id: page.id,
    cuid: page.cuid,
    type: page.type,
    path: page.path,
    title: page.title,
    seo_title: page.seoTitle,
    description: page.description,
    elements: elementTree(await loadPageElements(db, organiser.id, page.id)),
  };
}

const CATALOGUE_STATUSES = ["OPEN", "FULL", "CLOSED"] as const;
type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number];
const DEFAULT_CATALOGUE_SETTINGS = DEFAULT_CATALOGUE_PAGE_SETTINGS;

const DEFAULT_CATALOGUE_TITLE: Record<string, string> = { fr: "Catalogue", en: "Catalogue" };

/** A page's own title and subtitle as stored in `website.pages_settings`; null: the defaults. */
export function pageTexts(website: OrganiserWebsite, page: TextPage): PageTexts {
  const stored = website.pages_settings?.[page] as Partial<PageTexts> | undefined;
  return { title: stored?.title ?? null, subtitle: stored?.subtitle ?? null };
}

/** `website.pages_settings.catalogue`, each malformed value replaced by its default. */
export function catalogueSettings(
  pagesSettings: Record<string, unknown> | undefined,
): CataloguePageSettings {
  const stored = (pagesSettings?.catalogue ?? {}) as Record<string, unknown>;
  const path = typeof stored.path === "string" ? normalisePagePath(stored.path.trim()) : null;
  const statuses = Array.isArray(stored.statuses)
    ? stored.statuses.filter((status): status is CatalogueStatus =>
        (CATALOGUE_STATUSES as readonly unknown[]).includes(status),
      )
    : [];
  return {
    path: path ?? DEFAULT_CATALOGUE_SETTINGS.path,
    statuses: statuses.length > 0 ? [...new Set(statuses)] : DEFAULT_CATALOGUE_SETTINGS.statuses,
    include_started:
      typeof stored.include_started === "boolean"
        ? stored.include_started
        : DEFAULT_CATALOGUE_SETTINGS.include_started,
  };
}

/** The organiser's catalogue page: its settings and the title of the page at its path. */
export async function storefrontCatalogue(
  context: ServiceContext,
): Promise<StorefrontOrganiser["catalogue"]> {
  const { organiser } = context;
  const settings = catalogueSettings(organiser.website.pages_settings);
  const page = await findPublishedPage(context.db, organiser.id, settings.path);
  return {
    ...settings,
    title: page?.title ?? DEFAULT_CATALOGUE_TITLE[organiser.language] ?? "Catalogue",
  };
}

/**
 * The public paths of the site, without the language prefix: the published pages, the detail
 * pages of published activities, bundles, memberships and vouchers, the availabilities not
 * ended yet, and the terms.
 */
export async function sitemap(context: ServiceContext): Promise<SitemapEntry[]> {
  const { db, organiser } = context;
  const now = new Date();
  const pageRows = await sitemapPages(db, organiser.id);
  const activityRows = await sitemapActivities(db, organiser.id);
  const availabilityRows = await sitemapAvailabilities(db, organiser.id, now);
  const bundleRows = await sitemapProducts(db, bundles, organiser.id);
  const membershipRows = await sitemapProducts(db, memberships, organiser.id);
  const voucherRows = await sitemapProducts(db, vouchers, organiser.id);
  const entry = (path: string, updatedAt: Date): SitemapEntry => ({
    path,
    updated_at: updatedAt.toISOString(),
  });
  const details = (prefix: string, rows: Array<{ cuid: string; updatedAt: Date }>) =>
    rows.map((row) => entry(`${prefix}/${row.cuid}`, row.updatedAt));
  const entries = [
    ...pageRows.map((row) => entry(row.path, row.updatedAt)),
    ...details("/activities", activityRows),
    ...details("/availabilities", availabilityRows),
    ...details("/bundles", bundleRows),
    ...details("/memberships", membershipRows),
    ...details("/vouchers", voucherRows),
    ...(await blogSitemapEntries(context)),
  ];
  if (!entries.some((item) => item.path === "/terms")) {
    entries.push(entry("/terms", organiser.updatedAt));
  }
  return entries;
}
