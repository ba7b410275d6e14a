import type { TenantTx } from "@booking/db";
import { OUTSTANDING_AGES, outstandingAgeOf, rollUp, total } from "@booking/domain";
import {
  listMoneyIn,
  listOwedByAge,
  listUnredeemedVouchers,
  listWalletBalances,
  type ReportScope,
} from "./queries.ts";
import { figure, type ReportContent, table } from "./tables.ts";

/**
 * Treasury: money received in the period by method and day (against the previous period); and,
 * as of now, what customers owe by age, what their wallets hold (owed to them) and the vouchers
 * sold and not redeemed.
 */
export async function treasuryReport(
  tx: TenantTx,
  scope: ReportScope,
  previous: ReportScope,
  now: Date,
): Promise<ReportContent> {
  const moneyIn = await listMoneyIn(tx, scope);
  const before = await listMoneyIn(tx, previous);
  const owed = rollUp(
    (await listOwedByAge(tx, scope.organiserId, scope.timeZone, now)).map((row) => ({
      ...row,
      age: outstandingAgeOf(row.days),
    })),
    (row) => row.age,
    ["count", "amount"],
  );
  const wallets = await listWalletBalances(tx, scope.organiserId, scope.rowLimit);
  const vouchers = await listUnredeemedVouchers(tx, scope.organiserId, now);
  const byDay = rollUp(
    moneyIn.map((row) => ({
      day: row.day,
      online: row.method === "ONLINE" ? row.amount : 0,
      transfer: row.method === "TRANSFER" ? row.amount : 0,
    })),
    (row) => row.day,
    ["online", "transfer"],
  );
  const sumOf = (method: "ONLINE" | "TRANSFER") =>
    total(moneyIn, (row) => (row.method === method ? row.amount : 0));
  const sumBefore = (method: "ONLINE" | "TRANSFER") =>
    total(before, (row) => (row.method === method ? row.amount : 0));
  return {
    summary: [
      figure(
        "money_in",
        "money",
        total(moneyIn, (row) => row.amount),
        total(before, (row) => row.amount),
      ),
      figure("online", "money", sumOf("ONLINE"), sumBefore("ONLINE")),
      figure("transfer", "money", sumOf("TRANSFER"), sumBefore("TRANSFER")),
      figure(
        "outstanding",
        "money",
        total(owed, (row) => row.amount),
      ),
      figure("wallets", "money", wallets[0]?.total_amount ?? 0),
      figure(
        "vouchers_unredeemed",
        "money",
        total(vouchers, (row) => row.amount),
      ),
    ],
    chart: {
      key: "money_in",
      kind: "bar",
      label_type: "date",
      series: [
        { key: "online", type: "money" },
        { key: "transfer", type: "money" },
      ],
      points: byDay.map((row) => ({
        label: row.day,
        values: { online: row.online, transfer: row.transfer },
      })),
    },
    tables: [
      table(
        "money_in",
        [
          ["day", "date"],
          ["method", "text"],
          ["count", "integer"],
          ["amount", "money"],
        ],
        moneyIn.map((row) => ({ ...row })),
      ),
      table(
        "outstanding_by_age",
        [
          ["age", "text"],
          ["count", "integer"],
          ["amount", "money"],
        ],
        OUTSTANDING_AGES.map((age) => {
          const row = owed.find((band) => band.age === age);
          return { age, count: row?.count ?? 0, amount: row?.amount ?? 0 };
        }),
      ),
      table(
        "wallets",
        [
          ["customer", "text"],
          ["email", "text"],
          ["amount", "money"],
        ],
        wallets.map((row) => ({
          customer: `${row.firstname} ${row.lastname}`.trim(),
          email: row.email,
          amount: row.amount,
        })),
        wallets[0]?.total_count ?? 0,
      ),
      table(
        "vouchers_unredeemed",
        [
          ["title", "text"],
          ["count", "integer"],
          ["amount", "money"],
          ["expired_count", "integer"],
          ["expired_amount", "money"],
        ],
        vouchers.map(({ voucher_cuid: _, ...row }) => row),
      ),
    ],
  };
}
