import type { TenantTx } from "@booking/db";
import {
  AGE_GROUPS,
  ageGroupOf,
  attendanceRates,
  bucketOf,
  bucketsOf,
  fillRate,
  overallFillRate,
  type ReportGrouping,
  rate,
  rollUp,
  total,
} from "@booking/domain";
import {
  countPlaces,
  listSessionFill,
  type PlacesRow,
  type ReportScope,
  readsEveryPlace,
  type SessionFillRow,
  sumCapacity,
} from "./queries.ts";
import { figure, type ReportContent, type ReportRow, table } from "./tables.ts";

const FILL_COLUMNS = [
  ["capacity", "integer"],
  ["registered", "integer"],
  ["fill_rate", "rate"],
  ["present_rate", "rate"],
  ["absent_rate", "rate"],
  ["excused_rate", "rate"],
] as const;

/** The fill and attendance cells of sessions added up (capacity only over limited ones). */
function fillCells(rows: readonly SessionFillRow[]): ReportRow {
  const limited = rows.filter((row) => row.capacity !== null);
  const rates = attendanceRates({
    present: total(rows, (row) => row.present),
    absent: total(rows, (row) => row.absent),
    excused: total(rows, (row) => row.excused),
  });
  return {
    capacity: limited.length === 0 ? null : total(limited, (row) => row.capacity ?? 0),
    registered: total(rows, (row) => row.registered),
    fill_rate: overallFillRate(rows),
    present_rate: rates.present,
    absent_rate: rates.absent,
    excused_rate: rates.excused,
  };
}

function groupBy<Row>(rows: readonly Row[], key: (row: Row) => string): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(row);
    groups.set(key(row), list);
  }
  return [...groups.values()];
}

/**
 * Participation: registrations holding a date of the period, places taken against places
 * offered by activity, availability and date, attendance rates and places by age group.
 */
export async function participationReport(
  tx: TenantTx,
  scope: ReportScope,
  previous: ReportScope,
  grouping: ReportGrouping,
): Promise<ReportContent> {
  const everyPlace = await readsEveryPlace(tx, scope);
  const sessions = await listSessionFill(tx, scope, everyPlace);
  const places = await countPlaces(tx, scope, everyPlace);
  // The previous period is only compared: its totals, without its sessions one by one.
  const before = totalOf(await countPlaces(tx, previous, await readsEveryPlace(tx, previous)));
  const capacityBefore = await sumCapacity(tx, previous);
  const counts = totalOf(places);
  const ages = rollUp(
    places.filter((row) => !row.total).map((row) => ({ ...row, group: ageGroupOf(row.years) })),
    (row) => row.group,
    ["places", "present", "recorded"],
  );
  const cells = fillCells(sessions);

  const byActivity = groupBy(sessions, (row) => row.activity_cuid).map((rows) => ({
    activity: rows[0]!.activity_title,
    sessions: rows.length,
    ...fillCells(rows),
  }));
  const byAvailability = groupBy(sessions, (row) => row.availability_cuid).map((rows) => ({
    activity: rows[0]!.activity_title,
    location: rows[0]!.location_title,
    first_day: rows[0]!.day,
    sessions: rows.length,
    ...fillCells(rows),
  }));
  const byDate = sessions.map((row) => ({
    activity: row.activity_title,
    location: row.location_title,
    start_at: row.start_at,
    capacity: row.capacity,
    registered: row.registered,
    fill_rate: fillRate(row),
    ...attendanceCellsOf(row),
  }));
  const byAge = AGE_GROUPS.map((group) => {
    const row = ages.find((age) => age.group === group);
    return {
      age_group: group,
      places: row?.places ?? 0,
      present_rate: row ? rate(row.present, row.recorded) : null,
    };
  }).filter((row) => row.places > 0);

  const perBucket = new Map(bucketsOf(scope, grouping).map((bucket) => [bucket, 0]));
  for (const row of sessions) {
    const bucket = bucketOf(row.day, grouping);
    perBucket.set(bucket, (perBucket.get(bucket) ?? 0) + row.registered);
  }
  return {
    summary: [
      figure("registrations", "integer", counts.registrations, before.registrations),
      figure("participants", "integer", counts.participants, before.participants),
      figure("places", "integer", counts.places, before.places),
      figure(
        "fill_rate",
        "rate",
        cells.fill_rate as number | null,
        capacityBefore === null ? null : rate(before.limited_places, capacityBefore),
      ),
      figure("present_rate", "rate", cells.present_rate as number | null),
      figure("absent_rate", "rate", cells.absent_rate as number | null),
      figure("excused_rate", "rate", cells.excused_rate as number | null),
    ],
    chart: {
      key: "places",
      kind: "bar",
      label_type: "date",
      series: [{ key: "registered", type: "integer" }],
      points: [...perBucket].map(([label, registered]) => ({ label, values: { registered } })),
    },
    tables: [
      table(
        "by_activity",
        [["activity", "text"], ["sessions", "integer"], ...FILL_COLUMNS],
        byActivity,
      ),
      table(
        "by_availability",
        [
          ["activity", "text"],
          ["location", "text"],
          ["first_day", "date"],
          ["sessions", "integer"],
          ...FILL_COLUMNS,
        ],
        byAvailability,
      ),
      table(
        "by_date",
        [["activity", "text"], ["location", "text"], ["start_at", "datetime"], ...FILL_COLUMNS],
        byDate,
      ),
      table(
        "by_age_group",
        [
          ["age_group", "text"],
          ["places", "integer"],
          ["present_rate", "rate"],
        ],
        byAge,
      ),
    ],
  };
}

const NONE: PlacesRow = {
  years: null,
  total: true,
  places: 0,
  limited_places: 0,
  present: 0,
  recorded: 0,
  registrations: 0,
  participants: 0,
};

/** The whole period's row of {@link countPlaces}. */
const totalOf = (rows: readonly PlacesRow[]) => rows.find((row) => row.total) ?? NONE;

function attendanceCellsOf(row: SessionFillRow) {
  const rates = attendanceRates(row);
  return { present_rate: rates.present, absent_rate: rates.absent, excused_rate: rates.excused };
}
