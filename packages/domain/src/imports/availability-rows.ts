import { zonedInstant } from "../zoned-time.ts";
import { parseImportAmount } from "./activity-rows.ts";
import type { ImportError } from "./errors.ts";
import { normaliseHeader } from "./headers.ts";
import {
  type MappingProblems,
  mappingProblems,
  type RowCells,
  type RowInput,
  rowCells,
} from "./kind.ts";
import { parseImportDate } from "./values.ts";

/**
 * One row of an availability file: one date of an availability, the rows of an availability
 * grouped by its external id (a week's camp is five rows). The activity is named by its external
 * id or its name; times are the organiser's wall-clock times.
 */

export type ImportedAvailabilityDate = {
  line: number;
  externalId: string;
  activity: { externalId: string | null; title: string | null };
  /** instants, ISO */
  startAt: string;
  endAt: string;
  capacity: number | null;
  /** in cents */
  price: number | null;
  locationId: number | null;
};

export type AvailabilityRowContext = {
  locations: readonly { id: number; title: string }[];
  timeZone: string;
};

export const AVAILABILITY_TARGETS = [
  "availability.external_id",
  "activity.external_id",
  "activity.title",
  "availability.date",
  "availability.start_time",
  "availability.end_time",
  "availability.capacity",
  "availability.price",
  "availability.location",
] as const;
export const AVAILABILITY_REQUIRED_TARGETS = [
  "availability.external_id",
  "availability.date",
  "availability.start_time",
  "availability.end_time",
] as const;

const AVAILABILITY_ALIASES: Record<(typeof AVAILABILITY_TARGETS)[number], readonly string[]> = {
  "availability.external_id": [
    "id",
    "identifiant",
    "id session",
    "session",
    "session id",
    "id disponibilite",
    "availability id",
    "reference",
    "code",
  ],
  "activity.external_id": ["id activite", "activity id", "code activite", "activity code"],
  "activity.title": ["activite", "activity", "nom de l activite", "activity name"],
  "availability.date": ["date", "jour", "day"],
  "availability.start_time": ["debut", "heure de debut", "start", "start time", "de"],
  "availability.end_time": ["fin", "heure de fin", "end", "end time", "a"],
  "availability.capacity": ["places", "capacite", "capacity", "nombre de places", "seats"],
  "availability.price": ["prix", "price", "tarif", "montant"],
  "availability.location": ["lieu", "location", "endroit", "adresse", "place", "venue"],
};

export function guessAvailabilityMapping(headers: readonly string[]): (string | null)[] {
  const taken = new Set<string>();
  return headers.map((header) => {
    const text = normaliseHeader(header);
    const found = Object.entries(AVAILABILITY_ALIASES).find(([, a]) => a.includes(text));
    if (!found || taken.has(found[0])) return null;
    taken.add(found[0]);
    return found[0];
  });
}

export function availabilityMappingProblems(
  mapping: readonly (string | null)[],
): MappingProblems | null {
  const problems = mappingProblems(mapping, AVAILABILITY_TARGETS, AVAILABILITY_REQUIRED_TARGETS);
  // The activity is named by one of two columns.
  const named = mapping.includes("activity.external_id") || mapping.includes("activity.title");
  if (named) return problems;
  const base = problems ?? { unknown: [], duplicate: [], missing: [] };
  return { ...base, missing: [...base.missing, "activity.title"] };
}

/** A wall-clock time: "9:00", "09:30", "9h", "14h30". */
export function parseImportTime(value: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2})\s*(?:[:h.]\s*(\d{2})?)?$/i.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? "0");
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

const EXTERNAL_ID_MAX = 100;
const CAPACITY_MAX = 100_000;

function capacityOf(cells: RowCells): number | null {
  const text = cells.value("availability.capacity");
  if (text === "") return null;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 0 && value <= CAPACITY_MAX)) {
    cells.fail("availability.capacity", "INVALID_NUMBER");
    return null;
  }
  return value;
}

function instants(cells: RowCells, timeZone: string): { startAt: string; endAt: string } | null {
  const dateText = cells.value("availability.date");
  const day = parseImportDate(dateText);
  if (day === null) cells.fail("availability.date", dateText === "" ? "REQUIRED" : "INVALID_DATE");
  const times = (["availability.start_time", "availability.end_time"] as const).map((target) => {
    const text = cells.value(target);
    const time = parseImportTime(text);
    if (time === null) cells.fail(target, text === "" ? "REQUIRED" : "INVALID_TIME");
    return time;
  });
  const [start, end] = times;
  if (day === null || !start || !end) return null;
  const startAt = zonedInstant(day, start, timeZone);
  const endAt = zonedInstant(day, end, timeZone);
  if (endAt <= startAt) {
    cells.fail("availability.end_time", "END_NOT_AFTER_START");
    return null;
  }
  return { startAt: startAt.toISOString(), endAt: endAt.toISOString() };
}

/** One data row of an availability file, or every error of its cells. */
export function readAvailabilityRow(
  input: RowInput,
  context: AvailabilityRowContext,
): { row: ImportedAvailabilityDate } | { errors: ImportError[] } {
  const cells = rowCells(input);
  const externalId = cells.value("availability.external_id");
  if (externalId === "") cells.fail("availability.external_id", "REQUIRED");
  else if (externalId.length > EXTERNAL_ID_MAX) cells.fail("availability.external_id", "TOO_LONG");
  const activity = {
    externalId: cells.value("activity.external_id") || null,
    title: cells.value("activity.title") || null,
  };
  if (!activity.externalId && !activity.title) {
    cells.fail(
      cells.mapped.has("activity.title") ? "activity.title" : "activity.external_id",
      "REQUIRED",
    );
  }
  const period = instants(cells, context.timeZone);
  const capacity = capacityOf(cells);
  const priceText = cells.value("availability.price");
  const price = priceText === "" ? null : parseImportAmount(priceText);
  if (priceText !== "" && price === null) cells.fail("availability.price", "INVALID_NUMBER");
  const locationName = cells.value("availability.location").toLowerCase();
  const location = context.locations.find((l) => l.title.trim().toLowerCase() === locationName);
  if (locationName !== "" && !location) cells.fail("availability.location", "UNKNOWN_LOCATION");
  if (cells.errors.length > 0 || !period) return { errors: cells.errors };
  return {
    row: {
      line: input.line,
      externalId,
      activity,
      ...period,
      capacity,
      price,
      locationId: location?.id ?? null,
    },
  };
}
