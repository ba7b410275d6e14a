/**
 * What an audit entry changed, key by key: the keys whose value differs between `before` and
 * `after` (all of `after` for a creation, all of `before` for a deletion), in the order they
 * appear. Lists of plain values (a role's permissions) also say what was added and removed.
 */

export type AuditValue = unknown;

export interface AuditChange {
  key: string;
  before: AuditValue;
  after: AuditValue;
  /** for two lists of plain values: the items only in `after`, and only in `before` */
  added?: string[];
  removed?: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const plainList = (value: unknown): value is Array<string | number | boolean> =>
  Array.isArray(value) &&
  value.every((item) => ["string", "number", "boolean"].includes(typeof item));

export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.flatMap((key): AuditChange[] => {
    const old = before?.[key];
    const next = after?.[key];
    if (before && after && same(old, next)) return [];
    const change: AuditChange = { key, before: old, after: next };
    if (plainList(old) && plainList(next)) {
      const oldItems = new Set(old.map(String));
      const newItems = new Set(next.map(String));
      change.added = [...newItems].filter((item) => !oldItems.has(item));
      change.removed = [...oldItems].filter((item) => !newItems.has(item));
    }
    return [change];
  });
}

/** A stored value as one line of text (objects as compact JSON); null for "no value". */
export function auditText(value: AuditValue): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
