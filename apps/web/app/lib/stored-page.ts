import type { PageView, StorefrontReader } from "@booking/contracts";
import { isPreviewUrl } from "@booking/contracts/website/preview-url";
import type { RouterContextProvider } from "react-router";
import { isLanguage, sharedI18n } from "../i18n";
import { loadPageSections, type PageSections, type RenderNode } from "../sections/load.server";
import { stripLanguage } from "./links";
import { buildSeo, type Seo } from "./seo";
import { requireStorefront } from "./server-context";

/**
 * Pages composed with the page builder and stored per organiser (`reader.page(path)`): the home
 * page when the organiser has one at "/", and any other path (`/catalogue`, `/horaires`) through
 * the storefront's catch-all route.
 */

/** The stored page path of a URL: without language prefix nor trailing slash, decoded. */
export function storedPagePath(url: URL): string {
  let path = stripLanguage(url.pathname);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as it is (and matches no stored page).
  }
  if (path.length > 1) path = path.replace(/\/+$/, "") || "/";
  return path;
}

const reads = new WeakMap<StorefrontReader, Map<string, Promise<PageView | null>>>();

/**
 * The stored page at `path`, or null. Memoised per request (per reader): the layout and the page
 * route of one request both ask for it and the database is read once. A path the reader refuses
 * (VALIDATION_ERROR) is no page.
 */
export function readStoredPage(reader: StorefrontReader, path: string): Promise<PageView | null> {
  let byPath = reads.get(reader);
  if (!byPath) {
    byPath = new Map();
    reads.set(reader, byPath);
  }
  let read = byPath.get(path);
  if (!read) {
    read = reader.page(path).catch((error: unknown) => {
      if ((error as { code?: unknown } | null)?.code === "VALIDATION_ERROR") return null;
      throw error;
    });
    byPath.set(path, read);
  }
  return read;
}

/**
 * The page to render at a URL: the stored one, or in preview mode an empty page when none is
 * stored there yet (the editor's content fills it); null otherwise.
 */
export async function pageToRender(reader: StorefrontReader, url: URL): Promise<PageView | null> {
  const path = storedPagePath(url);
  const page = await readStoredPage(reader, path);
  if (page || !isPreviewUrl(url)) return page;
  const empty = { title: "", seo_title: null, description: null, elements: [] };
  return { id: 0, cuid: "", type: "DEFAULT", path, ...empty };
}

/**
 * True when the URL's path is a stored page (for `/xx/…` paths whose xx is no language). Pass the
 * loader's `url`, not `request.url`: on client navigations the request is the `….data` fetch.
 */
export async function hasStoredPage(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<boolean> {
  const { reader } = requireStorefront(context);
  return (await readStoredPage(reader, storedPagePath(url))) !== null;
}

export interface StoredPageData {
  sections: PageSections;
  seo: Seo;
}

/** The first image of a tree (banner, split hero, image block), for link previews. */
function firstImage(nodes: RenderNode[]): { public_url: string; alt: string | null } | null {
  for (const node of nodes) {
    const settings = node.settings as { image?: unknown; src?: unknown; alt?: unknown };
    const alt = (settings as { image_alt?: unknown }).image_alt ?? settings.alt;
    const url =
      (node.key === "section:banner" || node.key === "section:split-hero") &&
      typeof settings.image === "string"
        ? settings.image
        : node.key === "block:image" && typeof settings.src === "string"
          ? settings.src
          : null;
    if (url) return { public_url: url, alt: typeof alt === "string" && alt ? alt : null };
    const inChildren = firstImage(node.children);
    if (inChildren) return inChildren;
  }
  return null;
}

/** Loader data of a stored page: its validated tree with its sections' data, and its meta. */
export async function loadStoredPage(
  page: PageView,
  args: {
    context: Readonly<RouterContextProvider>;
    request: Request;
    /** the loader's `url` (normalised: no `.data` suffix nor `_routes` parameter) */
    url: URL;
    params: { lang?: string };
  },
): Promise<StoredPageData> {
  const storefront = requireStorefront(args.context);
  const { organiser } = storefront;
  const { url } = args;
  const language = isLanguage(args.params.lang) ? args.params.lang : organiser.language;
  const sections = await loadPageSections(page, {
    url,
    reader: storefront.reader,
    organiser,
  });
  const { t } = sharedI18n(language);
  const seo = buildSeo({
    request: args.request,
    organiserName: organiser.name,
    language,
    title: page.seo_title ?? page.title,
    description: page.description,
    fallbackDescription: t("sections.meta.description", { name: organiser.name }),
    path: page.path,
    image: firstImage(sections.elements),
    // Unsaved content, framed by the console's editor.
    robots: isPreviewUrl(url) ? "noindex" : null,
  });
  return { sections, seo };
}
