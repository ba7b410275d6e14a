import type { AdminPageReference } from "@booking/contracts";

// The pure part of the reference pickers: which stored values are chosen (with their names, or
// none when the record no longer exists) and which records match what the organiser typed.

export type ReferenceValue = string | number;

export interface ChosenReference {
  value: ReferenceValue;
  /** null: the record was removed since (the picker shows it as such, to be taken out) */
  name: string | null;
}

/** The stored values (an array of cuids or ids; anything else is none), in their stored order. */
export function storedReferences(value: unknown): ReferenceValue[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is ReferenceValue => typeof item === "string" || typeof item === "number",
  );
}

export function chosenReferences(
  value: unknown,
  records: readonly AdminPageReference[] | null,
): ChosenReference[] {
  const names = new Map(records?.map((record) => [record.value, record.name]));
  return storedReferences(value).map((item) => ({
    value: item,
    // While the list loads, nothing is "removed" yet.
    name: names.get(item) ?? (records === null ? String(item) : null),
  }));
}

/** Case and accent insensitive, so "ete" finds "Été". */
const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase();

export function matchingReferences(
  records: readonly AdminPageReference[],
  query: string,
): AdminPageReference[] {
  const wanted = folded(query.trim());
  return wanted ? records.filter((record) => folded(record.name).includes(wanted)) : [...records];
}

/** The stored list with `item` added at its end or taken out. */
export function toggledReferences(
  value: unknown,
  item: ReferenceValue,
  chosen: boolean,
): ReferenceValue[] {
  const rest = storedReferences(value).filter((stored) => stored !== item);
  return chosen ? [...rest, item] : rest;
}
