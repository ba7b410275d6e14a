import {
  type AdminPageDraftView,
  type AdminPageVersionView,
  type AdminPageView,
  type adminPageCreateBody,
  type adminPageSettingsBody,
  type DraftElement,
  draftIssues,
  ELEMENT_FAMILIES,
  elementKey,
  isElementKey,
  MAX_PAGE_VERSIONS,
  type PageReferenceKind,
} from "@booking/contracts";
import { sanitizeHtml } from "@booking/domain/html";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import {
  countPagesOfType,
  deleteDraft,
  deletePage,
  findPage,
  findVersion,
  insertPage,
  listPages,
  listVersions,
  lockPage,
  type Page,
  recordArchived,
  recordPublished,
  updatePage,
  upsertDraft,
  writePageElements,
} from "./console-queries.ts";
import { listPageReferences } from "./console-references.ts";
import { loadPageElements } from "./queries.ts";
import { elementTree } from "./service.ts";

// The console's page builder: pages, their draft (edited while the published content stays
// live), publishing (the snapshot becomes the live page_elements) and the last versions.

type CreateInput = z.output<typeof adminPageCreateBody>;
type SettingsInput = z.output<typeof adminPageSettingsBody>;

const PATH_TAKEN = () => validationError({ path: "DUPLICATE" });

/** A unique violation of the organiser's page paths (two requests racing for one path). */
function rethrowPathTaken(error: unknown): never {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "pages_organiser_id_path_unique") throw PATH_TAKEN();
  }
  throw error;
}

/** The home page and the availability template stay (the storefront needs both). */
async function isDeletable(context: ConsoleContext, page: Page): Promise<boolean> {
  if (page.path === "/") return false;
  if (page.type !== "AVAILABILITY") return true;
  return (await countPagesOfType(context.db, context.organiser.id, "AVAILABILITY")) > 1;
}

function pageView(page: Page, hasDraft: boolean, deletable: boolean): AdminPageView {
  return {
    cuid: page.cuid,
    type: page.type,
    title: page.title,
    path: page.path,
    seo_title: page.seoTitle,
    description: page.description,
    published: page.published,
    has_draft: hasDraft,
    deletable,
    updated_at: page.updatedAt.toISOString(),
  };
}

const audited = (page: Page) => ({
  title: page.title,
  path: page.path,
  type: page.type,
  seo_title: page.seoTitle,
  description: page.description,
});

async function requirePage(context: ConsoleContext, cuid: string, lock = false): Promise<Page> {
  const find = lock ? lockPage : findPage;
  const page = await find(context.db, context.organiser.id, cuid);
  if (!page) throw new AppError("PAGE_NOT_FOUND");
  return page;
}

async function viewOf(context: ConsoleContext, page: Page): Promise<AdminPageView> {
  const draft = await findVersion(context.db, context.organiser.id, page.id, { status: "DRAFT" });
  return pageView(page, draft !== null, await isDeletable(context, page));
}

/** The live elements as a draft tree: each element's id is its cuid. */
async function liveContent(context: ConsoleContext, page: Page): Promise<DraftElement[]> {
  const rows = await loadPageElements(context.db, context.organiser.id, page.id);
  const toDraft = (nodes: ReturnType<typeof elementTree>): DraftElement[] =>
    nodes.map((node) => ({
      id: node.cuid,
      cuid: node.cuid,
      element: node.element,
      family: node.family,
      type: node.type,
      name: node.name,
      settings: node.settings,
      children: toDraft(node.children),
    }));
  return toDraft(elementTree(rows));
}

/** Rich text is stored sanitised (the storefront sanitises it again when rendering). */
function storedSettings(key: string, settings: Record<string, unknown>): Record<string, unknown> {
  if (key !== "block:rich-text" || typeof settings.html !== "string") return settings;
  return { ...settings, html: sanitizeHtml(settings.html) };
}

/** The tree as stored: ids are the cuids, families those of the element keys. */
function normaliseTree(nodes: readonly DraftElement[]): DraftElement[] {
  return nodes.map((node) => {
    const key = elementKey(node.element, node.name);
    return {
      id: node.cuid,
      cuid: node.cuid,
      element: node.element,
      family: isElementKey(key) ? ELEMENT_FAMILIES[key] : node.family,
      type: node.type ?? null,
      name: node.name,
      settings: storedSettings(key, node.settings),
      children: normaliseTree(node.children ?? []),
    };
  });
}

/** Refuses a tree with an unknown element, a misplaced one or invalid settings (400, per element). */
function validTree(content: readonly DraftElement[]): DraftElement[] {
  const issues = draftIssues(content);
  if (Object.keys(issues).length > 0) throw validationError(issues);
  return normaliseTree(content);
}

function countElements(nodes: readonly DraftElement[]): number {
  return nodes.reduce((total, node) => total + 1 + countElements(node.children ?? []), 0);
}

export const pagesConsole = {
  /** The records of one kind the pickers offer for reference settings. */
  references(context: ConsoleContext, kind: PageReferenceKind) {
    return listPageReferences(context.db, context.organiser.id, kind);
  },

  async list(context: ConsoleContext): Promise<{ data: AdminPageView[] }> {
    const rows = await listPages(context.db, context.organiser.id);
    const templates = rows.filter((row) => row.page.type === "AVAILABILITY").length;
    return {
      data: rows.map(({ page, hasDraft }) =>
        pageView(
          page,
          hasDraft,
          page.path !== "/" && (page.type !== "AVAILABILITY" || templates > 1),
        ),
      ),
    };
  },

  async get(context: ConsoleContext, cuid: string): Promise<AdminPageView> {
    return viewOf(context, await requirePage(context, cuid));
  },

  /** A new page is not shown on the storefront before its first publication. */
  async create(context: ConsoleContext, input: CreateInput): Promise<AdminPageView> {
    const page = await insertPage(context.db, context.organiser.id, {
      title: input.title,
      path: input.path,
      type: input.type,
      seoTitle: null,
      description: null,
    }).catch(rethrowPathTaken);
    await context.audit({
      action: "page.created",
      entity: "page",
      entityId: page.cuid,
      after: audited(page),
    });
    return viewOf(context, page);
  },

  async update(
    context: ConsoleContext,
    cuid: string,
    input: SettingsInput,
  ): Promise<AdminPageView> {
    const page = await requirePage(context, cuid, true);
    // The home page keeps its path: the storefront's "/" is always a page.
    if (page.path === "/" && input.path !== "/") throw validationError({ path: "INVALID_CHOICE" });
    const updated = await updatePage(context.db, page.id, {
      title: input.title,
      path: input.path,
      seoTitle: input.seo_title,
      description: input.description,
    }).catch(rethrowPathTaken);
    await context.audit({
      action: "page.updated",
      entity: "page",
      entityId: cuid,
      before: audited(page),
      after: audited(updated),
    });
    return viewOf(context, updated);
  },

  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const page = await requirePage(context, cuid, true);
    if (!(await isDeletable(context, page))) throw new AppError("PAGE_UNDELETABLE");
    await deletePage(context.db, page.id);
    await context.audit({
      action: "page.deleted",
      entity: "page",
      entityId: cuid,
      before: audited(page),
    });
  },

  async draft(context: ConsoleContext, cuid: string): Promise<AdminPageDraftView> {
    const page = await requirePage(context, cuid);
    const draft = await findVersion(context.db, context.organiser.id, page.id, { status: "DRAFT" });
    return {
      page: pageView(page, draft !== null, await isDeletable(context, page)),
      content: draft ? (draft.content as DraftElement[]) : await liveContent(context, page),
      is_draft: draft !== null,
    };
  },

  async saveDraft(
    context: ConsoleContext,
    cuid: string,
    content: DraftElement[],
  ): Promise<AdminPageDraftView> {
    const tree = validTree(content);
    const page = await requirePage(context, cuid, true);
    await upsertDraft(
      context.db,
      context.organiser.id,
      page.id,
      tree,
      context.actor.collaboratorId,
    );
    await context.audit({
      action: "page.draft_saved",
      entity: "page",
      entityId: cuid,
      after: { elements: countElements(tree) },
    });
    return {
      page: pageView(page, true, await isDeletable(context, page)),
      content: tree,
      is_draft: true,
    };
  },

  async discardDraft(context: ConsoleContext, cuid: string): Promise<AdminPageDraftView> {
    const page = await requirePage(context, cuid, true);
    await deleteDraft(context.db, context.organiser.id, page.id);
    await context.audit({ action: "page.draft_discarded", entity: "page", entityId: cuid });
    return this.draft(context, cuid);
  },

  /**
   * The draft (or, without one, the current content) becomes what the storefront shows: the
   * live elements are rewritten from it in this transaction; the public answers of the organiser
   * are dropped after any console change (public-answers.ts).
   */
  async publish(context: ConsoleContext, cuid: string): Promise<AdminPageView> {
    const page = await requirePage(context, cuid, true);
    const { id: organiserId } = context.organiser;
    const draft = await findVersion(context.db, organiserId, page.id, { status: "DRAFT" });
    // The content a page had before its first publication here (the seed's, the sign-up's) is
    // kept as an earlier version, so it can be restored like any other.
    const live = await findVersion(context.db, organiserId, page.id, { status: "PUBLISHED" });
    if (!live && page.published) {
      await recordArchived(context.db, organiserId, page.id, await liveContent(context, page));
    }
    // A draft saved before a rule changed is checked again: invalid settings never go live.
    const tree = validTree(
      draft ? (draft.content as DraftElement[]) : await liveContent(context, page),
    );
    await writePageElements(context.db, organiserId, page.id, tree);
    await recordPublished(
      context.db,
      organiserId,
      page.id,
      tree,
      context.actor.collaboratorId,
      MAX_PAGE_VERSIONS,
    );
    const updated = await updatePage(context.db, page.id, { published: true });
    await context.audit({
      action: "page.published",
      entity: "page",
      entityId: cuid,
      after: { elements: countElements(tree) },
    });
    return pageView(updated, false, await isDeletable(context, updated));
  },

  async versions(context: ConsoleContext, cuid: string): Promise<{ data: AdminPageVersionView[] }> {
    const page = await requirePage(context, cuid);
    const rows = await listVersions(
      context.db,
      context.organiser.id,
      page.id,
      MAX_PAGE_VERSIONS + 1,
    );
    return {
      data: rows.map(({ version, firstname, lastname }) => ({
        cuid: version.cuid,
        status: version.status,
        sections: Array.isArray(version.content) ? version.content.length : 0,
        created_by: firstname === null ? null : `${firstname} ${lastname}`,
        created_at: version.createdAt.toISOString(),
      })),
    };
  },

  /** Copies a published or archived version into the draft (publishing makes it live). */
  async restore(
    context: ConsoleContext,
    cuid: string,
    versionCuid: string,
  ): Promise<AdminPageDraftView> {
    const page = await requirePage(context, cuid, true);
    const version = await findVersion(context.db, context.organiser.id, page.id, {
      cuid: versionCuid,
    });
    if (!version || version.status === "DRAFT") throw new AppError("PAGE_VERSION_NOT_FOUND");
    const content = version.content as DraftElement[];
    await upsertDraft(
      context.db,
      context.organiser.id,
      page.id,
      content,
      context.actor.collaboratorId,
    );
    await context.audit({
      action: "page.version_restored",
      entity: "page",
      entityId: cuid,
      after: { version: versionCuid },
    });
    return {
      page: pageView(page, true, await isDeletable(context, page)),
      content,
      is_draft: true,
    };
  },
};
