/**
 * Custom-field values (platform-and-account.md §3.5 "Custom field" and §5 "Custom fields",
 * "Document custom fields"). Values are stored as `custom_data` entries `{ field_id, data }`:
 * text as typed (trimmed), dates as YYYY-MM-DD, multiple choices as labels joined by ", ".
 *
 * Rules of {@link validateCustomData}, checked per field, first failure wins:
 * 1. an entry whose field_id is not an active field (of `entity`, when given) → UNKNOWN_FIELD;
 *    two entries for the same field → INVALID_FORMAT (the list is malformed);
 * 2. data that is neither a string nor null → INVALID_TYPE; longer than 5000 → TOO_LONG;
 * 3. empty (missing, null or blank after trim): REQUIRED if the field is required, else null;
 * 4. TEXT / LONGTEXT: trimmed; a stored pattern must match the whole value → INVALID_FORMAT;
 *    DATE: YYYY-MM-DD or an ISO datetime (its date part as written) → INVALID_DATE;
 *    CHOICES_SINGLE: one choice label → INVALID_CHOICE;
 *    CHOICES_MULTIPLE: labels separated by commas → INVALID_CHOICE on any unknown one.
 */

/** COLLABORATORS: the organiser's own fields about its staff (decision 0088). */
export type CustomFieldEntity = "CUSTOMERS" | "PARTICIPANTS" | "COLLABORATORS";
export type CustomFieldType = "TEXT" | "LONGTEXT" | "DATE" | "CHOICES_SINGLE" | "CHOICES_MULTIPLE";

export type CustomFieldChoice = { id: number | string; label: string };

export type CustomFieldDefinition = {
  id: number;
  entity: CustomFieldEntity;
  type: CustomFieldType;
  title: string;
  description: string | null;
  required: boolean;
  active: boolean;
  order: number;
  /** A JavaScript regular expression the whole text value must match; null for none. */
  pattern: string | null;
  choices: CustomFieldChoice[];
};

/** One custom_data entry, as submitted and as stored. */
export type CustomDataEntry = { field_id: number; data: string | null };

export type CustomFieldErrorCode =
  | "REQUIRED"
  | "INVALID_TYPE"
  | "INVALID_FORMAT"
  | "INVALID_DATE"
  | "INVALID_CHOICE"
  | "TOO_LONG"
  | "UNKNOWN_FIELD";

export type CustomDataValidation =
  | { ok: true; value: CustomDataEntry[] }
  | { ok: false; errors: Record<string, CustomFieldErrorCode> };

/** Maximum length of one stored value (same bound as the contracts' custom_data entry). */
export const CUSTOM_DATA_MAX_LENGTH = 5000;

/** Separator of multiple-choice labels in a stored value. */
export const CHOICES_SEPARATOR = ", ";

/** Error key of a field, as set on a VALIDATION_ERROR answer. */
export function customDataErrorKey(fieldId: number | string): string {
  return `custom_data.${fieldId}`;
}

/**
 * Compiles a stored pattern as a full-match regular expression. An empty, non-string or invalid
 * pattern gives null (it is ignored, never thrown). The pattern is compiled alone first, so a
 * pattern such as "a)|(b" cannot escape the anchoring group.
 */
export function compileFieldPattern(pattern: string | null | undefined): RegExp | null {
  if (typeof pattern !== "string" || pattern === "") return null;
  try {
    new RegExp(pattern);
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return null;
  }
}

/**
 * A calendar day as YYYY-MM-DD from "YYYY-MM-DD" or an ISO datetime (date part as written, same
 * rule as the contracts' calendarDate); null when it is not a real calendar day.
 */
export function parseCalendarDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, time] = match;
  if (time !== undefined && Number.isNaN(Date.parse(value))) return null;
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}

/**
 * Splits a multiple-choice value into known labels. Parts are separated by commas (", " as
 * stored, "," tolerated); a label that itself contains commas is recognised because candidates
 * spanning several parts are tried, longest first, with backtracking. Blank parts are skipped.
 * Returns null when the value cannot be read as a sequence of labels.
 */
function splitChoiceLabels(value: string, labels: readonly string[]): string[] | null {
  const known = new Set(labels);
  const maxParts = Math.max(1, ...labels.map((label) => label.split(",").length));
  const parts = value.split(",");
  // next[i]: end index of the label starting at part i in a successful parse; -1 if none.
  const next = new Array<number>(parts.length + 1).fill(-1);
  next[parts.length] = parts.length;
  for (let i = parts.length - 1; i >= 0; i--) {
    if (parts[i]!.trim() === "") {
      next[i] = next[i + 1]! === -1 ? -1 : i + 1;
      continue;
    }
    for (let j = Math.min(parts.length, i + maxParts); j > i; j--) {
      if (next[j] !== -1 && known.has(parts.slice(i, j).join(",").trim())) {
        next[i] = j;
        break;
      }
    }
  }
  if (next[0] === -1) return null;
  const found: string[] = [];
  for (let i = 0; i < parts.length; i = next[i]!) {
    const candidate = parts.slice(i, next[i]).join(",").trim();
    if (candidate !== "") found.push(candidate);
  }
  return found;
}

/**
 * The choice labels of a stored multiple-choice value that are still choices of the field, in the
 * field's order (to fill a form from stored data). Labels no longer offered are dropped.
 */
export function storedChoiceLabels(
  choices: readonly CustomFieldChoice[],
  value: string | null | undefined,
): string[] {
  if (!value) return [];
  const labels = choices.map((choice) => choice.label.trim()).filter((label) => label !== "");
  const parsed = splitChoiceLabels(value, labels) ?? value.split(",").map((part) => part.trim());
  const picked = new Set(parsed);
  return labels.filter((label, index) => picked.has(label) && labels.indexOf(label) === index);
}

export type FieldResult =
  | { ok: true; data: string | null }
  | { ok: false; code: CustomFieldErrorCode };

/**
 * One value checked and normalised by the rules 2 to 4 above, for a field of any entity (the
 * document custom elements of §5 use it for their inputs).
 */
export function validateCustomFieldValue(
  field: Pick<CustomFieldDefinition, "type" | "required" | "pattern" | "choices">,
  raw: unknown,
): FieldResult {
  return validateValue(field, raw);
}

function validateValue(
  field: Pick<CustomFieldDefinition, "type" | "required" | "pattern" | "choices">,
  raw: unknown,
): FieldResult {
  if (raw !== null && raw !== undefined && typeof raw !== "string") {
    return { ok: false, code: "INVALID_TYPE" };
  }
  if (typeof raw === "string" && raw.length > CUSTOM_DATA_MAX_LENGTH) {
    return { ok: false, code: "TOO_LONG" };
  }
  const value = typeof raw === "string" ? raw.trim() : "";
  if (value === "") {
    return field.required ? { ok: false, code: "REQUIRED" } : { ok: true, data: null };
  }
  switch (field.type) {
    case "TEXT":
    case "LONGTEXT": {
      const pattern = compileFieldPattern(field.pattern);
      if (pattern && !pattern.test(value)) return { ok: false, code: "INVALID_FORMAT" };
      return { ok: true, data: value };
    }
    case "DATE": {
      const date = parseCalendarDate(value);
      return date === null ? { ok: false, code: "INVALID_DATE" } : { ok: true, data: date };
    }
    case "CHOICES_SINGLE": {
      const label = field.choices.map((choice) => choice.label.trim()).find((l) => l === value);
      return label === undefined
        ? { ok: false, code: "INVALID_CHOICE" }
        : { ok: true, data: label };
    }
    case "CHOICES_MULTIPLE": {
      const labels = field.choices.map((choice) => choice.label.trim()).filter((l) => l !== "");
      const chosen = splitChoiceLabels(value, labels);
      if (chosen === null) return { ok: false, code: "INVALID_CHOICE" };
      // Canonical form: each label once, in the order of the field's choices.
      const picked = new Set(chosen);
      const data = labels.filter(
        (label, index) => picked.has(label) && labels.indexOf(label) === index,
      );
      if (data.length === 0) {
        return field.required ? { ok: false, code: "REQUIRED" } : { ok: true, data: null };
      }
      const joined = data.join(CHOICES_SEPARATOR);
      if (joined.length > CUSTOM_DATA_MAX_LENGTH) return { ok: false, code: "TOO_LONG" };
      return { ok: true, data: joined };
    }
    default:
      // A field type this code does not know cannot be validated: refuse its values.
      return { ok: false, code: "INVALID_FORMAT" };
  }
}

/**
 * Validates and normalises submitted custom_data against the organiser's field definitions.
 * `fields` is the list of definitions; when `entity` is given only the fields of that entity
 * count (otherwise the caller passes the fields of one entity). Inactive fields are ignored and
 * an entry for one is UNKNOWN_FIELD. On success `value` holds one entry per active field, sorted
 * by `order` (then id), with `data: null` for an empty optional field.
 */
export function validateCustomData(
  fields: readonly CustomFieldDefinition[],
  entries: readonly CustomDataEntry[],
  entity?: CustomFieldEntity,
): CustomDataValidation {
  const active = fields
    .filter((field) => field.active && (entity === undefined || field.entity === entity))
    .sort((a, b) => a.order - b.order || a.id - b.id);
  const activeIds = new Set(active.map((field) => field.id));
  const errors: Record<string, CustomFieldErrorCode> = {};
  const submitted = new Map<number, unknown>();
  const duplicated = new Set<number>();

  for (const entry of entries) {
    if (!activeIds.has(entry.field_id)) {
      errors[customDataErrorKey(entry.field_id)] = "UNKNOWN_FIELD";
    } else if (submitted.has(entry.field_id)) {
      duplicated.add(entry.field_id);
    } else {
      submitted.set(entry.field_id, entry.data);
    }
  }

  const value: CustomDataEntry[] = [];
  for (const field of active) {
    const key = customDataErrorKey(field.id);
    if (duplicated.has(field.id)) {
      errors[key] = "INVALID_FORMAT";
      continue;
    }
    const result = validateValue(field, submitted.get(field.id));
    if (result.ok) value.push({ field_id: field.id, data: result.data });
    else errors[key] = result.code;
  }

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}
