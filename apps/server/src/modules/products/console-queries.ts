import {
  activities,
  bundleActivities,
  bundles,
  carts,
  containsPattern,
  coupons,
  memberships,
  type TenantTx,
  vouchers,
} from "@booking/db";
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from "@booking/db/orm";
import type { AnyPgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";

// The console's SQL of the products customers buy (bundles, memberships, gift vouchers) and of
// coupons. Every statement names the organiser, on top of the tenant transaction's row security.

export type BundleRow = typeof bundles.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

export type ListPage = { limit: number; offset: number };
export type ListOrder = { key: string; descending: boolean };
export type ListFilters = { search?: string; on?: boolean };

/** The filters every product list takes: title search and the on/off switch. */
function listWhere(
  columns: { organiserId: AnyPgColumn; title: AnyPgColumn; switch: AnyPgColumn },
  organiserId: number,
  filters: ListFilters,
  search: AnyPgColumn[] = [columns.title],
): SQL | undefined {
  const pattern = filters.search ? containsPattern(filters.search) : null;
  return and(
    eq(columns.organiserId, organiserId),
    pattern === null
      ? undefined
      : sql`(${sql.join(
          search.map((column) => ilike(column, pattern)),
          sql` or `,
        )})`,
    filters.on === undefined ? undefined : eq(columns.switch, filters.on),
  );
}

/** The sort key's column (`title` when unknown), then the id for a stable order. */
function listOrderBy(
  columns: Record<string, AnyPgColumn> & { id: AnyPgColumn },
  order: ListOrder,
): SQL[] {
  const column = columns[order.key] ?? columns.title!;
  return [order.descending ? desc(column) : asc(column), asc(columns.id)];
}

/** One page of `query`'s rows under `where`, and how many rows of `table` it admits in all. */
async function listPage<Query extends PgSelect>(
  tx: TenantTx,
  table: PgTable,
  query: Query,
  where: SQL | undefined,
  orderBy: SQL[],
  page: ListPage,
) {
  const rows = await query
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return { rows, count: await tx.$count(table, where) };
}

/** Bundles, memberships and gift vouchers list alike: by title, published or not, by price. */
function productListPage<Query extends PgSelect>(
  tx: TenantTx,
  table: typeof bundles | typeof memberships | typeof vouchers,
  query: Query,
  organiserId: number,
  filters: ListFilters,
  order: ListOrder,
  page: ListPage,
) {
  const where = listWhere(
    { organiserId: table.organiserId, title: table.title, switch: table.published },
    organiserId,
    filters,
  );
  const orderBy = listOrderBy(
    { title: table.title, price: table.price, created_at: table.createdAt, id: table.id },
    order,
  );
  return listPage(tx, table, query, where, orderBy, page);
}

/** The organiser's row of `table` with this cuid. */
function byCuid(
  table: { organiserId: AnyPgColumn; cuid: AnyPgColumn },
  organiserId: number,
  cuid: string,
): SQL | undefined {
  return and(eq(table.organiserId, organiserId), eq(table.cuid, cuid));
}

// --- Bundles --------------------------------------------------------------------------------

// The counts below name their outer table in full: drizzle writes the columns of a one-table
// select without it, which inside the subquery would name the subquery's own columns.

const bundleSold = sql<number>`(
  select count(*)::int from customer_bundles s
   where s.organiser_id = bundles.organiser_id and s.bundle_id = bundles.id)`;

function bundlesWithSold(tx: TenantTx) {
  return tx.select({ bundle: bundles, sold: bundleSold }).from(bundles).$dynamic();
}

export function listBundles(
  tx: TenantTx,
  organiserId: number,
  filters: ListFilters,
  order: ListOrder,
  page: ListPage,
) {
  return productListPage(tx, bundles, bundlesWithSold(tx), organiserId, filters, order, page);
}

export async function findBundle(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await bundlesWithSold(tx)
    .where(byCuid(bundles, organiserId, cuid))
    .limit(1);
  return row ?? null;
}

/** The activities each bundle covers, by bundle id. */
export async function listBundleActivities(
  tx: TenantTx,
  organiserId: number,
  bundleIds: number[],
): Promise<Map<number, { cuid: string; title: string }[]>> {
  const covered = new Map<number, { cuid: string; title: string }[]>();
  if (bundleIds.length === 0) return covered;
  const rows = await tx
    .select({ bundleId: bundleActivities.bundleId, cuid: activities.cuid, title: activities.title })
    .from(bundleActivities)
    .innerJoin(
      activities,
      and(
        eq(activities.organiserId, bundleActivities.organiserId),
        eq(activities.id, bundleActivities.activityId),
      ),
    )
    .where(
      and(
        eq(bundleActivities.organiserId, organiserId),
        inArray(bundleActivities.bundleId, bundleIds),
      ),
    )
    .orderBy(asc(activities.title), asc(activities.id));
  for (const { bundleId, ...activity } of rows) {
    covered.set(bundleId, [...(covered.get(bundleId) ?? []), activity]);
  }
  return covered;
}

export async function replaceBundleActivities(
  tx: TenantTx,
  organiserId: number,
  bundleId: number,
  activityIds: number[],
): Promise<void> {
  await tx
    .delete(bundleActivities)
    .where(
      and(eq(bundleActivities.organiserId, organiserId), eq(bundleActivities.bundleId, bundleId)),
    );
  if (activityIds.length === 0) return;
  await tx
    .insert(bundleActivities)
    .values(activityIds.map((activityId) => ({ organiserId, bundleId, activityId })));
}

export async function insertBundle(tx: TenantTx, values: typeof bundles.$inferInsert) {
  const [row] = await tx.insert(bundles).values(values).returning();
  return row!;
}

export async function updateBundle(
  tx: TenantTx,
  bundleId: number,
  values: Partial<typeof bundles.$inferInsert>,
) {
  const [row] = await tx.update(bundles).set(values).where(eq(bundles.id, bundleId)).returning();
  return row!;
}

export async function deleteBundle(tx: TenantTx, bundleId: number): Promise<void> {
  await tx.delete(bundles).where(eq(bundles.id, bundleId));
}

/** The gift vouchers that give a bundle: while any does, the bundle stays. */
export async function countVouchersGiving(
  tx: TenantTx,
  organiserId: number,
  bundleId: number,
): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(vouchers)
    .where(and(eq(vouchers.organiserId, organiserId), eq(vouchers.bundleId, bundleId)));
  return row?.count ?? 0;
}

/** The activities of the organiser among `cuids`, by cuid; and all of them for the form. */
export async function findActivityIds(
  tx: TenantTx,
  organiserId: number,
  cuids: string[],
): Promise<Map<string, number>> {
  if (cuids.length === 0) return new Map();
  const rows = await tx
    .select({ id: activities.id, cuid: activities.cuid })
    .from(activities)
    .where(and(eq(activities.organiserId, organiserId), inArray(activities.cuid, cuids)));
  return new Map(rows.map((row) => [row.cuid, row.id]));
}

export async function listActivityChoices(tx: TenantTx, organiserId: number) {
  return tx
    .select({ cuid: activities.cuid, title: activities.title })
    .from(activities)
    .where(eq(activities.organiserId, organiserId))
    .orderBy(asc(activities.title), asc(activities.id));
}

// --- Memberships ----------------------------------------------------------------------------

const membershipSold = sql<number>`(
  select count(*)::int from customer_memberships s
   where s.organiser_id = memberships.organiser_id and s.membership_id = memberships.id)`;

function membershipsWithSold(tx: TenantTx) {
  return tx.select({ membership: memberships, sold: membershipSold }).from(memberships).$dynamic();
}

export function listMemberships(
  tx: TenantTx,
  organiserId: number,
  filters: ListFilters,
  order: ListOrder,
  page: ListPage,
) {
  const query = membershipsWithSold(tx);
  return productListPage(tx, memberships, query, organiserId, filters, order, page);
}

export async function findMembership(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await membershipsWithSold(tx)
    .where(byCuid(memberships, organiserId, cuid))
    .limit(1);
  return row ?? null;
}

export async function insertMembership(tx: TenantTx, values: typeof memberships.$inferInsert) {
  const [row] = await tx.insert(memberships).values(values).returning();
  return row!;
}

export async function updateMembership(
  tx: TenantTx,
  membershipId: number,
  values: Partial<typeof memberships.$inferInsert>,
) {
  const [row] = await tx
    .update(memberships)
    .set(values)
    .where(eq(memberships.id, membershipId))
    .returning();
  return row!;
}

export async function deleteMembership(tx: TenantTx, membershipId: number): Promise<void> {
  await tx.delete(memberships).where(eq(memberships.id, membershipId));
}

// --- Gift vouchers --------------------------------------------------------------------------

const voucherSold = sql<number>`(
  select count(*)::int from customer_vouchers s
   where s.organiser_id = vouchers.organiser_id and s.voucher_id = vouchers.id)`;

const voucherBundle = { cuid: bundles.cuid, title: bundles.title };

function vouchersWithBundles(tx: TenantTx) {
  return tx
    .select({ voucher: vouchers, sold: voucherSold, bundle: voucherBundle })
    .from(vouchers)
    .leftJoin(
      bundles,
      and(eq(bundles.organiserId, vouchers.organiserId), eq(bundles.id, vouchers.bundleId)),
    )
    .$dynamic();
}

export function listVouchers(
  tx: TenantTx,
  organiserId: number,
  filters: ListFilters,
  order: ListOrder,
  page: ListPage,
) {
  const query = vouchersWithBundles(tx);
  return productListPage(tx, vouchers, query, organiserId, filters, order, page);
}

export async function findVoucher(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await vouchersWithBundles(tx)
    .where(byCuid(vouchers, organiserId, cuid))
    .limit(1);
  return row ?? null;
}
export type VoucherWithBundle = NonNullable<Awaited<ReturnType<typeof findVoucher>>>;

export async function findBundleId(
  tx: TenantTx,
  organiserId: number,
  cuid: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: bundles.id })
    .from(bundles)
    .where(byCuid(bundles, organiserId, cuid))
    .limit(1);
  return row?.id ?? null;
}

export async function insertVoucher(tx: TenantTx, values: typeof vouchers.$inferInsert) {
  const [row] = await tx.insert(vouchers).values(values).returning();
  return row!;
}

export async function updateVoucher(
  tx: TenantTx,
  voucherId: number,
  values: Partial<typeof vouchers.$inferInsert>,
) {
  await tx.update(vouchers).set(values).where(eq(vouchers.id, voucherId));
}

export async function deleteVoucher(tx: TenantTx, voucherId: number): Promise<void> {
  await tx.delete(vouchers).where(eq(vouchers.id, voucherId));
}

// --- Coupons --------------------------------------------------------------------------------

const couponUses = sql<number>`(
  select count(*)::int from carts c
   where c.organiser_id = coupons.organiser_id and c.coupon_id = coupons.id
     and c.processed_at is not null)`;

function couponsWithUses(tx: TenantTx) {
  return tx.select({ coupon: coupons, uses: couponUses }).from(coupons).$dynamic();
}

export function listCoupons(
  tx: TenantTx,
  organiserId: number,
  filters: ListFilters,
  order: ListOrder,
  page: ListPage,
) {
  const where = listWhere(
    { organiserId: coupons.organiserId, title: coupons.title, switch: coupons.active },
    organiserId,
    filters,
    [coupons.title, coupons.code, coupons.label],
  );
  const orderBy = listOrderBy(
    { code: coupons.code, title: coupons.title, created_at: coupons.createdAt, id: coupons.id },
    order,
  );
  return listPage(tx, coupons, couponsWithUses(tx), where, orderBy, page);
}

export async function findCoupon(tx: TenantTx, organiserId: number, cuid: string) {
  const [row] = await couponsWithUses(tx)
    .where(byCuid(coupons, organiserId, cuid))
    .limit(1);
  return row ?? null;
}

/** Whether another coupon of the organiser has `code`. */
export async function couponCodeTaken(
  tx: TenantTx,
  organiserId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(
        eq(coupons.organiserId, organiserId),
        eq(coupons.code, code),
        exceptId === undefined ? undefined : ne(coupons.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Carts that carry the coupon, processed or not: while any does, it stays. */
export async function countCartsWithCoupon(
  tx: TenantTx,
  organiserId: number,
  couponId: number,
): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(carts)
    .where(and(eq(carts.organiserId, organiserId), eq(carts.couponId, couponId)));
  return row?.count ?? 0;
}

export async function insertCoupon(tx: TenantTx, values: typeof coupons.$inferInsert) {
  const [row] = await tx.insert(coupons).values(values).returning();
  return row!;
}

export async function updateCoupon(
  tx: TenantTx,
  couponId: number,
  values: Partial<typeof coupons.$inferInsert>,
) {
  await tx.update(coupons).set(values).where(eq(coupons.id, couponId));
}

export async function deleteCoupon(tx: TenantTx, couponId: number): Promise<void> {
  await tx.delete(coupons).where(eq(coupons.id, couponId));
}
