import type { ImportError, ImportErrorCode } from "./errors.ts";

/**
 * What every kind of import shares (customers, activities…): the mapping's check against the
 * kind's targets, a row's cells read by target with their errors, and the plan's counts.
 */

export type ImportAction = "create" | "update" | "unchanged";
export type ImportCounts = { created: number; updated: number; unchanged: number };

export const countActions = (actions: readonly ImportAction[]): ImportCounts => ({
  created: actions.filter((a) => a === "create").length,
  updated: actions.filter((a) => a === "update").length,
  unchanged: actions.filter((a) => a === "unchanged").length,
});

export type MappingProblems = {
  /** column indexes mapped to a target that does not exist */
  unknown: number[];
  /** column indexes mapped to a target an earlier column already has */
  duplicate: number[];
  /** required targets no column maps to */
  missing: string[];
};

/** What keeps a mapping from being used with these targets; null when it can be. */
export function mappingProblems(
  mapping: readonly (string | null)[],
  targets: readonly string[],
  required: readonly string[],
): MappingProblems | null {
  const known = new Set(targets);
  const seen = new Set<string>();
  const problems: MappingProblems = { unknown: [], duplicate: [], missing: [] };
  mapping.forEach((target, index) => {
    if (target === null) return;
    if (!known.has(target)) problems.unknown.push(index);
    else if (seen.has(target)) problems.duplicate.push(index);
    seen.add(target);
  });
  problems.missing = required.filter((target) => !seen.has(target));
  const none = problems.unknown.length + problems.duplicate.length + problems.missing.length === 0;
  return none ? null : problems;
}

/** One data row's cells by target, and the errors recorded on their columns. */
export type RowCells = {
  /** the trimmed cell of a target, "" when unmapped or empty */
  value(target: string): string;
  /** records an error on the column of a target */
  fail(target: string, code: ImportErrorCode): void;
  /** the targets the mapping has */
  mapped: ReadonlySet<string>;
  errors: ImportError[];
};

export type RowInput = {
  line: number;
  cells: readonly string[];
  headers: readonly string[];
  mapping: readonly (string | null)[];
};

export function rowCells(input: RowInput): RowCells {
  const { line, headers, mapping } = input;
  const columnOf = new Map<string, number>();
  mapping.forEach((target, index) => {
    if (target !== null) columnOf.set(target, index);
  });
  const errors: ImportError[] = [];
  return {
    value: (target) => {
      const index = columnOf.get(target);
      return index === undefined ? "" : (input.cells[index] ?? "").trim();
    },
    fail: (target, code) => {
      const index = columnOf.get(target);
      errors.push({ line, column: index === undefined ? null : (headers[index] ?? null), code });
    },
    mapped: new Set(columnOf.keys()),
    errors,
  };
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/**
 * Every non-blank data row read with `read` (the header is line 1): the rows read and all the
 * errors of those that could not be.
 */
export function readImportRows<Row>(
  upload: {
    headers: readonly string[];
    mapping: readonly (string | null)[];
    rows: readonly (readonly string[])[];
  },
  read: (input: RowInput) => { row: Row } | { errors: ImportError[] },
): { rows: Row[]; errors: ImportError[] } {
  const rows: Row[] = [];
  const errors: ImportError[] = [];
  upload.rows.forEach((cells, index) => {
    if (isBlank(cells)) return;
    const result = read({
      line: index + 2,
      cells,
      headers: upload.headers,
      mapping: upload.mapping,
    });
    if ("row" in result) rows.push(result.row);
    else errors.push(...result.errors);
  });
  return { rows, errors };
}

/** The header of the column a target is mapped to, for errors found across rows. */
export function columnOfTarget(upload: {
  headers: readonly string[];
  mapping: readonly (string | null)[];
}): (target: string) => string | null {
  return (target) => {
    const index = upload.mapping.indexOf(target);
    return index === -1 ? null : (upload.headers[index] ?? null);
  };
}
