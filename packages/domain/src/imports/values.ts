import {
  CHOICES_SEPARATOR,
  type CustomFieldDefinition,
  type FieldResult,
  validateCustomFieldValue,
} from "../custom-fields.ts";
import { toE164 } from "../phone-numbers.ts";

/**
 * Cell values of an imported file read into what the platform stores. Spreadsheets from other
 * tools write dates the European way (31/12/2015), phone numbers without their country code and
 * choices in any case: each reader accepts those and says null when it cannot read the cell.
 */

const isRealDay = (year: number, month: number, day: number): boolean => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
};

const isoDay = (year: number, month: number, day: number): string | null =>
  isRealDay(year, month, day)
    ? `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
    : null;

/**
 * A calendar day as YYYY-MM-DD from dd/mm/yyyy (also with - or . and one-digit day or month),
 * yyyy-mm-dd or an ISO datetime (its date part as written). Two-digit years are refused: 03/04/05
 * could be any of three centuries.
 */
export function parseImportDate(value: string): string | null {
  const text = value.trim();
  const european = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (european) return isoDay(Number(european[3]), Number(european[2]), Number(european[1]));
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

/** A birth date: a real day, not in the future and not before 1900. */
export function parseImportBirthdate(value: string, today: string): string | null {
  const day = parseImportDate(value);
  return day !== null && day <= today && day >= "1900-01-01" ? day : null;
}

/**
 * A phone number in E.164, read in the organiser's country when written without its code
 * ("0470 12 34 56" in Belgium); a spreadsheet that dropped the leading zero (470123456) is read
 * the same way.
 */
export function parseImportPhone(value: string, country: string | null): string | null {
  const text = value.trim();
  if (text === "") return null;
  return (
    toE164(text, country) ?? (/^[1-9]\d{7,9}$/.test(text) ? toE164(`0${text}`, country) : null)
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address, trimmed and lower-cased as customers' addresses are stored. */
export function parseImportEmail(value: string): string | null {
  const email = value.trim().toLowerCase();
  return EMAIL.test(email) && email.length <= 254 ? email : null;
}

/**
 * A custom field's cell checked by the field's own rules, after reading what spreadsheets write
 * differently: dates in dd/mm/yyyy, choices in another case, several choices separated by ";"
 * or "|".
 */
export function parseCustomFieldCell(
  field: Pick<CustomFieldDefinition, "type" | "required" | "pattern" | "choices">,
  value: string,
): FieldResult {
  const text = value.trim();
  if (text === "" || field.type === "TEXT" || field.type === "LONGTEXT") {
    return validateCustomFieldValue(field, text);
  }
  if (field.type === "DATE") {
    return validateCustomFieldValue(field, parseImportDate(text) ?? text);
  }
  const labelOf = (part: string) =>
    field.choices
      .find((choice) => choice.label.trim().toLowerCase() === part.trim().toLowerCase())
      ?.label.trim() ?? part.trim();
  if (field.type === "CHOICES_SINGLE") return validateCustomFieldValue(field, labelOf(text));
  const parts = text.split(text.includes(";") || text.includes("|") ? /[;|]/ : ",");
  return validateCustomFieldValue(field, parts.map(labelOf).join(CHOICES_SEPARATOR));
}
