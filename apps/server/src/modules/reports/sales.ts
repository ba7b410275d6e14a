import type { TenantTx } from "@booking/db";
import { bucketOf, bucketsOf, type ReportGrouping, rollUp, total } from "@booking/domain";
import { listSales, type ReportScope, type SaleRow, sumRefundsAndRedemptions } from "./queries.ts";
import { figure, type ReportContent, table } from "./tables.ts";

type Totals = { amount: number; count: number; discounts: number; refunds: number };

async function salesOf(tx: TenantTx, scope: ReportScope) {
  const sales = await listSales(tx, scope);
  const money = await sumRefundsAndRedemptions(tx, scope);
  const totals: Totals = {
    amount: total(sales, (row) => row.amount),
    count: total(sales, (row) => (row.type === "REGISTRATION" ? row.count : 0)),
    discounts: total(sales, discountOf),
    refunds: money.online.amount + money.wallet.amount,
  };
  return { sales, money, totals };
}

const discountOf = (row: SaleRow) => row.bundle_discount + row.coupon_discount + row.other_discount;

/**
 * Sales: what orders processed in the period sold, by activity, product type and period, their
 * discounts (bundles, coupons, volume and others), vouchers redeemed and refunds, against the
 * previous period.
 */
export async function salesReport(
  tx: TenantTx,
  scope: ReportScope,
  previous: ReportScope,
  grouping: ReportGrouping,
): Promise<ReportContent> {
  const { sales, money, totals } = await salesOf(tx, scope);
  const before = (await salesOf(tx, previous)).totals;
  const bySubject = rollUp(sales, (row) => `${row.type} ${row.subject_cuid}`, [
    "count",
    "amount",
    "list_amount",
    "bundle_discount",
    "coupon_discount",
    "other_discount",
    "bundle_count",
    "coupon_count",
    "other_count",
  ]).sort((a, b) => b.amount - a.amount);
  const byType = rollUp(sales, (row) => row.type, ["count", "amount"]);
  const perBucket = new Map(bucketsOf(scope, grouping).map((bucket) => [bucket, { amount: 0 }]));
  for (const row of sales) perBucket.get(bucketOf(row.day, grouping))!.amount += row.amount;
  const discounts = [
    [
      "bundles",
      total(sales, (row) => row.bundle_discount),
      total(sales, (row) => row.bundle_count),
    ],
    [
      "coupons",
      total(sales, (row) => row.coupon_discount),
      total(sales, (row) => row.coupon_count),
    ],
    ["volume", total(sales, (row) => row.other_discount), total(sales, (row) => row.other_count)],
    ["vouchers_redeemed", money.redeemed.amount, money.redeemed.count],
    ["refunds_online", money.online.amount, money.online.count],
    ["refunds_wallet", money.wallet.amount, money.wallet.count],
  ] as const;
  return {
    summary: [
      figure("revenue", "money", totals.amount, before.amount),
      figure("registrations", "integer", totals.count, before.count),
      figure("discounts", "money", totals.discounts, before.discounts),
      figure("refunds", "money", totals.refunds, before.refunds),
    ],
    chart: {
      key: "revenue",
      kind: "bar",
      label_type: "date",
      series: [{ key: "amount", type: "money" }],
      points: [...perBucket].map(([label, sums]) => ({ label, values: { amount: sums.amount } })),
    },
    tables: [
      table(
        "by_activity",
        [
          ["product_type", "text"],
          ["title", "text"],
          ["count", "integer"],
          ["list_amount", "money"],
          ["discounts", "money"],
          ["amount", "money"],
        ],
        bySubject.map((row) => ({
          product_type: row.type,
          title: row.subject_title,
          count: row.count,
          list_amount: row.list_amount,
          discounts: discountOf(row),
          amount: row.amount,
        })),
      ),
      table(
        "by_product_type",
        [
          ["product_type", "text"],
          ["count", "integer"],
          ["amount", "money"],
        ],
        byType.map((row) => ({ product_type: row.type, count: row.count, amount: row.amount })),
      ),
      table(
        "by_period",
        [
          ["bucket", "date"],
          ["amount", "money"],
        ],
        [...perBucket].map(([bucket, sums]) => ({ bucket, amount: sums.amount })),
      ),
      table(
        "discounts_refunds",
        [
          ["kind", "text"],
          ["count", "integer"],
          ["amount", "money"],
        ],
        discounts.map(([kind, amount, count]) => ({ kind, count, amount })),
      ),
    ],
  };
}
