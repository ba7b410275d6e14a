import {
  type AdminPageReferenceList,
  MAX_PAGE_REFERENCES,
  type PageReferenceKind,
} from "@booking/contracts";
import {
  activities,
  bundles,
  catalogs,
  memberships,
  resources,
  segments,
  type TenantTx,
  vouchers,
} from "@booking/db";
import { and, asc, eq, type SQL } from "@booking/db/orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// What the page builder's reference pickers list: each kind's records of the organiser by name,
// capped (one more is read to tell that the list was cut). Read only.

interface Source {
  value: AnyPgColumn;
  name: AnyPgColumn;
  organiserId: AnyPgColumn;
  table: Parameters<ReturnType<TenantTx["select"]>["from"]>[0];
  /** more conditions: segments of availabilities only (the settings filter availabilities) */
  where?: SQL;
}

const SOURCES: Record<PageReferenceKind, Source> = {
  catalogs: {
    table: catalogs,
    value: catalogs.cuid,
    name: catalogs.name,
    organiserId: catalogs.organiserId,
  },
  segments: {
    table: segments,
    value: segments.cuid,
    name: segments.name,
    organiserId: segments.organiserId,
    where: eq(segments.entity, "AVAILABILITIES"),
  },
  resources: {
    table: resources,
    value: resources.id,
    name: resources.name,
    organiserId: resources.organiserId,
  },
  activities: {
    table: activities,
    value: activities.id,
    name: activities.title,
    organiserId: activities.organiserId,
  },
  bundles: {
    table: bundles,
    value: bundles.id,
    name: bundles.title,
    organiserId: bundles.organiserId,
  },
  memberships: {
    table: memberships,
    value: memberships.id,
    name: memberships.title,
    organiserId: memberships.organiserId,
  },
  vouchers: {
    table: vouchers,
    value: vouchers.id,
    name: vouchers.title,
    organiserId: vouchers.organiserId,
  },
};

export async function listPageReferences(
  tx: TenantTx,
  organiserId: number,
  kind: PageReferenceKind,
): Promise<AdminPageReferenceList> {
  const source = SOURCES[kind];
  const rows = (await tx
    .select({ value: source.value, name: source.name })
    .from(source.table)
    .where(and(eq(source.organiserId, organiserId), source.where))
    .orderBy(asc(source.name), asc(source.value))
    .limit(MAX_PAGE_REFERENCES + 1)) as Array<{ value: string | number; name: string }>;
  return {
    data: rows.slice(0, MAX_PAGE_REFERENCES),
    truncated: rows.length > MAX_PAGE_REFERENCES,
  };
}
