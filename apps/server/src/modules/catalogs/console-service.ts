import type { AdminCatalogView, catalogBody, OrderBody } from "@booking/contracts";
import type { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { orderedIds } from "../activities/ordering.ts";
import {
  activitiesOfCatalogs,
  activityIdsByCuid,
  type Catalog,
  type CatalogActivity,
  deleteCatalog,
  findCatalog,
  insertCatalog,
  listCatalogs,
  nextCatalogOrder,
  reorderCatalogs,
  setCatalogActivities,
  updateCatalog,
} from "./console-queries.ts";

type CatalogInput = z.output<typeof catalogBody>;

function catalogView(catalog: Catalog, held: CatalogActivity[]): AdminCatalogView {
  return {
    id: catalog.id,
    cuid: catalog.cuid,
    name: catalog.name,
    description: catalog.description,
    activities: held
      .filter((activity) => activity.catalogId === catalog.id)
      .map(({ cuid, title }) => ({ cuid, title })),
    created_at: catalog.createdAt.toISOString(),
    updated_at: catalog.updatedAt.toISOString(),
  };
}

const catalogAudit = (catalog: Catalog, activities: string[]) => ({
  name: catalog.name,
  description: catalog.description,
  activities,
});

async function requireCatalog(context: ConsoleContext, cuid: string): Promise<Catalog> {
  const catalog = await findCatalog(context.db, context.organiser.id, cuid);
  if (!catalog) throw new AppError("NOT_FOUND");
  return catalog;
}

/**
 * The activity ids of the input's cuids, in the input's order (their order in the catalog); any
 * cuid not of this organiser refuses the whole.
 */
async function requireActivityIds(context: ConsoleContext, cuids: string[]): Promise<number[]> {
  const found = await activityIdsByCuid(context.db, context.organiser.id, cuids);
  if (found.length !== cuids.length) throw new AppError("ACTIVITY_NOT_FOUND");
  const ids = new Map(found.map((activity) => [activity.cuid, activity.id]));
  return cuids.map((cuid) => ids.get(cuid)!);
}

async function viewOf(context: ConsoleContext, catalog: Catalog): Promise<AdminCatalogView> {
  return catalogView(
    catalog,
    await activitiesOfCatalogs(context.db, context.organiser.id, [catalog.id]),
  );
}

/**
 * The console's catalogs: named groups of activities that the storefront's catalogue sections
 * select and filter by (storefront.md §7 `catalog`). Writes go through the console's routes, so
 * the organiser's cached public answers are dropped with any other console change.
 */
export const catalogsConsole = {
  async list(context: ConsoleContext): Promise<AdminCatalogView[]> {
    const rows = await listCatalogs(context.db, context.organiser.id);
    const held = await activitiesOfCatalogs(
      context.db,
      context.organiser.id,
      rows.map((row) => row.id),
    );
    return rows.map((row) => catalogView(row, held));
  },

  async create(context: ConsoleContext, input: CatalogInput): Promise<AdminCatalogView> {
    const activityIds = await requireActivityIds(context, input.activities);
    const catalog = await insertCatalog(context.db, context.organiser.id, {
      name: input.name,
      description: input.description,
      order: await nextCatalogOrder(context.db, context.organiser.id),
    });
    await setCatalogActivities(context.db, context.organiser.id, catalog.id, activityIds);
    await context.audit({
      action: "catalog.created",
      entity: "catalog",
      entityId: catalog.cuid,
      after: catalogAudit(catalog, input.activities),
    });
    return viewOf(context, catalog);
  },

  async update(
    context: ConsoleContext,
    cuid: string,
    input: CatalogInput,
  ): Promise<AdminCatalogView> {
    const catalog = await requireCatalog(context, cuid);
    const activityIds = await requireActivityIds(context, input.activities);
    const before = await viewOf(context, catalog);
    const updated = await updateCatalog(context.db, catalog.id, {
      name: input.name,
      description: input.description,
    });
    await setCatalogActivities(context.db, context.organiser.id, catalog.id, activityIds);
    await context.audit({
      action: "catalog.updated",
      entity: "catalog",
      entityId: cuid,
      before: catalogAudit(
        catalog,
        before.activities.map((activity) => activity.cuid),
      ),
      after: catalogAudit(updated, input.activities),
    });
    return viewOf(context, updated);
  },

  /** Staff's order of the catalogs: every catalog once (a stale list is a MISMATCH). */
  async reorder(context: ConsoleContext, input: OrderBody): Promise<AdminCatalogView[]> {
    const rows = await listCatalogs(context.db, context.organiser.id);
    await reorderCatalogs(context.db, context.organiser.id, orderedIds(rows, input.cuids));
    await context.audit({
      action: "catalog.reordered",
      entity: "catalog",
      after: { order: input.cuids },
    });
    return catalogsConsole.list(context);
  },

  /** The activities stay; only the grouping goes (a section still naming it shows nothing). */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const catalog = await requireCatalog(context, cuid);
    const before = await viewOf(context, catalog);
    await deleteCatalog(context.db, catalog.id);
    await context.audit({
      action: "catalog.deleted",
      entity: "catalog",
      entityId: cuid,
      before: catalogAudit(
        catalog,
        before.activities.map((activity) => activity.cuid),
      ),
    });
  },
};
