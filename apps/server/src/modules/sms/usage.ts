import type { SmsUsageView } from "@booking/contracts";
import { type Database, messages, type TenantTx } from "@booking/db";
import { and, eq, gte, sql } from "@booking/db/orm";
import { smsCost, smsLength } from "@booking/domain";

/** Months the usage shows, the current one included. */
export const SMS_USAGE_MONTHS = 12;

/** "YYYY-MM" of `now` in `timeZone`, then the months before it, the most recent first. */
export function recentMonths(now: Date, timeZone: string, count = SMS_USAGE_MONTHS): string[] {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit" });
  const parts = Object.fromEntries(
    format.formatToParts(now).map((part) => [part.type, part.value]),
  );
  const current = Number(parts.year) * 12 + Number(parts.month) - 1;
  return Array.from({ length: count }, (_, back) => {
    const index = current - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

/**
 * What the organiser's SMS cost per month: the delivery log's SMS with status SENT (an SMS in
 * the development outbox, failed or cancelled is not billed), each part at `unitAmount`. Rows
 * are grouped by body in the database (messages by hand and rules send the same text to many
 * families), and the parts of each distinct body are counted once with the domain rule.
 */
export async function smsUsage(
  db: TenantTx | Database,
  organiser: { id: number; timezone: string; currency: string },
  unitAmount: number,
  now: Date,
): Promise<SmsUsageView> {
  const months = recentMonths(now, organiser.timezone);
  const zone = organiser.timezone;
  const month = sql<string>`to_char(${messages.sentAt} at time zone ${zone}, 'YYYY-MM')`;
  const since = sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${zone}) - interval '${sql.raw(String(SMS_USAGE_MONTHS - 1))} months') at time zone ${zone}`;
  const rows = await db
    .select({ month, text: messages.text, count: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.organiserId, organiser.id),
        eq(messages.channel, "SMS"),
        eq(messages.status, "SENT"),
        gte(messages.sentAt, since),
      ),
    )
    // By position: the month expression's time zone is a parameter, a different one each time.
    .groupBy(sql`1`, sql`2`);
  const totals = new Map(months.map((key) => [key, { messages: 0, segments: 0 }]));
  for (const row of rows) {
    const total = totals.get(row.month);
    if (!total) continue;
    total.messages += row.count;
    total.segments += row.count * smsLength(row.text).segments;
  }
  return {
    unit_amount: unitAmount,
    currency: organiser.currency,
    months: months.map((key) => {
      const total = totals.get(key)!;
      return { month: key, ...total, amount: smsCost(total.segments, unitAmount) };
    }),
  };
}
