import { type AgeFormatRule, type AgeUnit, type FormattedAge, formatAge } from "../ages.ts";
import { type CustomFieldType, parseCalendarDate } from "../custom-fields.ts";
import { type Instant, toInstant } from "../instants.ts";
import { formatMoney, minorUnitDigits, toMinorUnits } from "../money.ts";
import { localDay } from "../zoned-time.ts";
import type {
  DocumentDateSettings,
  DocumentElement,
  DocumentImageSettings,
  DocumentNumberSettings,
} from "./elements.ts";

/**
 * The data fields of a document (platform-and-account.md §3.1 "Document data fields by group")
 * and how an element turns them into what it shows.
 *
 * An element's `data` names fields with placeholders `{{group.field}}`, e.g.
 * "Attestation pour {{participant.fullname}}". Paths are those of {@link DOCUMENT_DATA_FIELDS},
 * plus the custom fields by id: `customer.custom_fields.{id}`, `participant.custom_fields.{id}`
 * and `custom_fields.{id}` (what the customer typed for the document's own custom fields). A
 * path that names nothing shows nothing.
 *
 * - STRING: the text with each placeholder formatted: money in the organiser's currency, dates
 *   as a long date in the organiser's time zone, lists joined by ", ".
 * - NUMBER: its one value as a number (money in major units, ages in their unit, or a decimal
 *   text), with `decimals` fraction digits (default 0 to 2, §9).
 * - CURRENCY: its one value as an amount: money as it is (minor units), a number or decimal text
 *   in major units; formatted like every amount (formatMoney).
 * - DATE: its one value (an instant, a calendar day or a list of them) with the element's
 *   Intl-style settings; without any, a long date ("21 novembre 2026").
 * - IMAGE: `url` when set, otherwise the image field (attendance QR code) or URL `data` names.
 * A NUMBER, CURRENCY or DATE element whose value cannot be read as such shows its text as is.
 * An element with a custom field and no `data` shows the customer's input for that field.
 */

export type DocumentValue =
  | { kind: "text"; value: string }
  | { kind: "number"; value: number }
  /** minor units of the organiser's currency */
  | { kind: "money"; value: number }
  | { kind: "instant"; value: Date }
  /** a calendar day YYYY-MM-DD (birthdates, DATE custom fields): no time zone applies */
  | { kind: "day"; value: string }
  | { kind: "age"; value: FormattedAge }
  /** an image's source: an http(s) or data: URL */
  | { kind: "image"; value: string }
  | { kind: "list"; value: DocumentValue[] }
  | { kind: "empty" };

export type DocumentValueKind = DocumentValue["kind"];

/** Every static data field and the kind of its value (custom fields are added by id). */
export const DOCUMENT_DATA_FIELDS = {
  "customer.cuid": "text",
  "customer.firstname": "text",
  "customer.lastname": "text",
  "customer.fullname": "text",
  "customer.email": "text",
  "customer.phone": "text",
  "customer.created_at": "instant",
  "participant.cuid": "text",
  "participant.firstname": "text",
  "participant.lastname": "text",
  "participant.fullname": "text",
  "participant.birthdate": "day",
  "participant.age": "age",
  "participant.created_at": "instant",
  "participant.attendance_qr_code": "image",
  "availability.cuid": "text",
  "availability.capacity": "number",
  "availability.registered": "number",
  "availability.start_at": "instant",
  "availability.end_at": "instant",
  "availability.dates": "list",
  "availability.duration.calendar_days": "number",
  "availability.duration.hours": "number",
  "availability.duration.minutes": "number",
  "availability.activity.cuid": "text",
  "availability.activity.title": "text",
  "availability.location.title": "text",
  "availability.location.street": "text",
  "availability.location.number": "text",
  "availability.location.city": "text",
  "availability.location.postcode": "text",
  "availability.collaborators": "list",
  "registration.cuid": "text",
  "registration.reference": "text",
  "registration.deposit_amount": "money",
  "registration.total_amount": "money",
  "registration.daily_amount": "money",
  "registration.days": "number",
  "registration.created_at": "instant",
  "registration.bundle.cuid": "text",
  "registration.bundle.title": "text",
  "registration.bundle.total_amount": "money",
  "registration.bundle.daily_amount": "money",
  "registration.bundle.capacity": "number",
  "registration.bundle.expires_at": "instant",
  "registration.bundle.created_at": "instant",
  "document.cuid": "text",
  "document.created_at": "instant",
} as const satisfies Record<string, DocumentValueKind>;

export type DocumentDataField = keyof typeof DOCUMENT_DATA_FIELDS;

const CUSTOM_FIELD_PATH = /^(?:customer\.|participant\.)?custom_fields\.[1-9]\d*$/;

/** Whether `path` names a data field (a static one or a custom field by id). */
export function isDocumentFieldPath(path: string): boolean {
  return Object.hasOwn(DOCUMENT_DATA_FIELDS, path) || CUSTOM_FIELD_PATH.test(path);
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_]\w*(?:\.\w+)*)\s*\}\}/g;
const SINGLE_PLACEHOLDER = /^\s*\{\{\s*([A-Za-z_]\w*(?:\.\w+)*)\s*\}\}\s*$/;

/** The paths a `data` text names, in order of appearance. */
export function templatePaths(data: string): string[] {
  return [...data.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/** A stored custom-field value (§3.5): text, YYYY-MM-DD for DATE fields. */
export type DocumentCustomValue = { field_id: number; type: CustomFieldType; value: string | null };

type Period = { start_at: Instant; end_at: Instant };

/** What a document is made from, as the server reads it for one registration. */
export type DocumentSource = {
  customer: {
    cuid: string;
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
    created_at: Instant;
    custom_fields: DocumentCustomValue[];
  };
  participant: {
    cuid: string;
    firstname: string;
    lastname: string;
    birthdate: string | null;
    created_at: Instant;
    /** the attendance QR code as an image source (the server draws it) */
    attendance_qr_code: string | null;
    custom_fields: DocumentCustomValue[];
  };
  availability: {
    cuid: string;
    capacity: number | null;
    registered: number;
    start_at: Instant;
    end_at: Instant;
    dates: Period[];
    activity: { cuid: string; title: string };
    location: {
      title: string;
      street: string | null;
      number: string | null;
      city: string | null;
      postcode: string | null;
    } | null;
    /** the collaborators assigned to it, in the order they were assigned (decision 0084) */
    collaborators: Array<{
      cuid: string;
      firstname: string;
      lastname: string;
      email: string;
      phone: string | null;
      created_at: Instant;
    }>;
  };
  registration: {
    cuid: string;
    reference: string;
    deposit_amount: number;
    total_amount: number;
    created_at: Instant;
    /** the dates the registration holds (all of the availability's, or some) */
    dates: Period[];
    bundle: {
      cuid: string;
      title: string;
      total_amount: number;
      capacity: number | null;
      expires_at: Instant | null;
      created_at: Instant;
    } | null;
  };
  document: { cuid: string; created_at: Instant };
  /** the customer's inputs for the document's custom fields */
  custom_fields: DocumentCustomValue[];
};

export type DocumentValueContext = {
  /** the organiser's zone: local days of dates, ages */
  timeZone: string;
  now: Date;
  /** the organiser's age formats (settings.formats.ages) */
  ageFormats: readonly AgeFormatRule[];
};

const text = (value: string | null | undefined): DocumentValue =>
  value === null || value === undefined || value === ""
    ? { kind: "empty" }
    : { kind: "text", value };
const number = (value: number | null | undefined): DocumentValue =>
  value === null || value === undefined || !Number.isFinite(value)
    ? { kind: "empty" }
    : { kind: "number", value };
const money = (value: number | null | undefined): DocumentValue =>
  value === null || value === undefined || !Number.isSafeInteger(value)
    ? { kind: "empty" }
    : { kind: "money", value };
const instant = (value: Instant | null | undefined): DocumentValue =>
  value === null || value === undefined
    ? { kind: "empty" }
    : { kind: "instant", value: toInstant(value) };

function customValue(field: DocumentCustomValue): DocumentValue {
  if (field.value === null || field.value.trim() === "") return { kind: "empty" };
  if (field.type === "DATE") {
    const day = parseCalendarDate(field.value.trim());
    return day === null ? text(field.value) : { kind: "day", value: day };
  }
  return text(field.value);
}

/** The distinct local days the periods touch, in the zone (a night camp counts both days). */
function localDays(periods: readonly Period[], timeZone: string): Set<string> {
  const days = new Set<string>();
  for (const period of periods) {
    const start = toInstant(period.start_at);
    // The end instant is exclusive: a date ending at midnight does not touch the next day.
    const end = new Date(Math.max(start.getTime(), toInstant(period.end_at).getTime() - 1));
    const last = localDay(end, timeZone);
    let day = localDay(start, timeZone);
    days.add(day);
    for (let guard = 0; day < last && guard < 3660; guard++) {
      const [y, m, d] = day.split("-").map(Number) as [number, number, number];
      const next = new Date(Date.UTC(y, m - 1, d + 1));
      day = next.toISOString().slice(0, 10);
      days.add(day);
    }
  }
  return days;
}

/** Whole minutes the periods last, added up. */
function totalMinutes(periods: readonly Period[]): number {
  let minutes = 0;
  for (const period of periods) {
    const length = toInstant(period.end_at).getTime() - toInstant(period.start_at).getTime();
    minutes += Math.max(0, Math.round(length / 60_000));
  }
  return minutes;
}

/** An amount divided by a count, rounded to whole minor units; empty without a count. */
function share(amount: number, count: number | null): DocumentValue {
  return count !== null && count > 0 ? money(Math.round(amount / count)) : { kind: "empty" };
}

/**
 * The value of every data field of a document, by path. The availability's duration counts
 * its dates (calendar days touched in the organiser's zone, and their hours and minutes added
 * up); the registration's `days` and `daily_amount` count the days of the dates it holds, and
 * the bundle's `daily_amount` divides its price by its number of sessions.
 */
export function buildDocumentValues(
  source: DocumentSource,
  context: DocumentValueContext,
): Map<string, DocumentValue> {
  const { customer, participant, availability, registration, document } = source;
  const values = new Map<string, DocumentValue>();
  const set = (path: DocumentDataField, value: DocumentValue) => values.set(path, value);

  set("customer.cuid", text(customer.cuid));
  set("customer.firstname", text(customer.firstname));
  set("customer.lastname", text(customer.lastname));
  set("customer.fullname", text(`${customer.firstname} ${customer.lastname}`.trim()));
  set("customer.email", text(customer.email));
  set("customer.phone", text(customer.phone));
  set("customer.created_at", instant(customer.created_at));
  for (const field of customer.custom_fields) {
    values.set(`customer.custom_fields.${field.field_id}`, customValue(field));
  }

  set("participant.cuid", text(participant.cuid));
  set("participant.firstname", text(participant.firstname));
  set("participant.lastname", text(participant.lastname));
  set("participant.fullname", text(`${participant.firstname} ${participant.lastname}`.trim()));
  const birthdate = participant.birthdate ? parseCalendarDate(participant.birthdate) : null;
  set("participant.birthdate", birthdate ? { kind: "day", value: birthdate } : { kind: "empty" });
  set(
    "participant.age",
    birthdate
      ? {
          kind: "age",
          value: formatAge(birthdate, context.now, context.ageFormats, context.timeZone),
        }
      : { kind: "empty" },
  );
  set("participant.created_at", instant(participant.created_at));
  set(
    "participant.attendance_qr_code",
    participant.attendance_qr_code
      ? { kind: "image", value: participant.attendance_qr_code }
      : { kind: "empty" },
  );
  for (const field of participant.custom_fields) {
    values.set(`participant.custom_fields.${field.field_id}`, customValue(field));
  }

  const dates = availability.dates.length > 0 ? availability.dates : [availability];
  const minutes = totalMinutes(dates);
  set("availability.cuid", text(availability.cuid));
  set("availability.capacity", number(availability.capacity));
  set("availability.registered", number(availability.registered));
  set("availability.start_at", instant(availability.start_at));
  set("availability.end_at", instant(availability.end_at));
  set("availability.dates", {
    kind: "list",
    value: availability.dates.map((date) => instant(date.start_at)),
  });
  set("availability.duration.calendar_days", number(localDays(dates, context.timeZone).size));
  set("availability.duration.hours", number(Math.floor(minutes / 60)));
  set("availability.duration.minutes", number(minutes % 60));
  set("availability.activity.cuid", text(availability.activity.cuid));
  set("availability.activity.title", text(availability.activity.title));
  const location = availability.location;
  set("availability.location.title", text(location?.title));
  set("availability.location.street", text(location?.street));
  set("availability.location.number", text(location?.number));
  set("availability.location.city", text(location?.city));
  set("availability.location.postcode", text(location?.postcode));
  set("availability.collaborators", {
    kind: "list",
    value: availability.collaborators.map((collaborator) =>
      text(`${collaborator.firstname} ${collaborator.lastname}`.trim()),
    ),
  });

  const held = registration.dates.length > 0 ? registration.dates : dates;
  const days = localDays(held, context.timeZone).size;
  set("registration.cuid", text(registration.cuid));
  set("registration.reference", text(registration.reference));
  set("registration.deposit_amount", money(registration.deposit_amount));
  set("registration.total_amount", money(registration.total_amount));
  set("registration.daily_amount", share(registration.total_amount, days));
  set("registration.days", number(days));
  set("registration.created_at", instant(registration.created_at));
  const bundle = registration.bundle;
  set("registration.bundle.cuid", text(bundle?.cuid));
  set("registration.bundle.title", text(bundle?.title));
  set("registration.bundle.total_amount", bundle ? money(bundle.total_amount) : { kind: "empty" });
  set(
    "registration.bundle.daily_amount",
    bundle ? share(bundle.total_amount, bundle.capacity) : { kind: "empty" },
  );
  set("registration.bundle.capacity", number(bundle?.capacity));
  set("registration.bundle.expires_at", instant(bundle?.expires_at));
  set("registration.bundle.created_at", instant(bundle?.created_at));

  set("document.cuid", text(document.cuid));
  set("document.created_at", instant(document.created_at));
  for (const field of source.custom_fields) {
    values.set(`custom_fields.${field.field_id}`, customValue(field));
  }
  return values;
}

/** How values are written: the organiser's language (as a locale), currency and zone. */
export type DocumentFormat = { locale: string; currency: string; timeZone: string };

const AGE_UNIT_NAMES: Record<AgeUnit, string> = {
  seconds: "second",
  minutes: "minute",
  hours: "hour",
  days: "day",
  weeks: "week",
  months: "month",
  years: "year",
};

const LONG_DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };

function formatDate(
  value: Extract<DocumentValue, { kind: "instant" | "day" }>,
  options: Intl.DateTimeFormatOptions,
  format: DocumentFormat,
): string {
  if (value.kind === "instant") {
    return new Intl.DateTimeFormat(format.locale, { ...options, timeZone: format.timeZone }).format(
      value.value,
    );
  }
  // A calendar day is the same day everywhere: written in UTC, where its midnight lies.
  const [y, m, d] = value.value.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(format.locale, { ...options, timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** A value as text, the way a STRING element shows it. */
export function formatDocumentValue(value: DocumentValue, format: DocumentFormat): string {
  switch (value.kind) {
    case "text":
      return value.value;
    case "number":
      return new Intl.NumberFormat(format.locale, { maximumFractionDigits: 2 }).format(value.value);
    case "money":
      return formatMoney(value.value, format.currency, format.locale);
    case "instant":
    case "day":
      return formatDate(value, LONG_DATE, format);
    case "age":
      return new Intl.NumberFormat(format.locale, {
        style: "unit",
        unit: AGE_UNIT_NAMES[value.value.type],
        unitDisplay: "long",
        maximumFractionDigits: 1,
      }).format(value.value.value);
    case "list":
      return value.value
        .map((item) => formatDocumentValue(item, format))
        .filter((item) => item !== "")
        .join(", ");
    default:
      return "";
  }
}

/** `data` with each placeholder replaced by its value's text. */
export function renderTemplate(
  data: string,
  values: ReadonlyMap<string, DocumentValue>,
  format: DocumentFormat,
): string {
  return data.replace(PLACEHOLDER, (_, path: string) =>
    formatDocumentValue(values.get(path) ?? { kind: "empty" }, format),
  );
}

/** What an element shows once resolved. */
export type DocumentElementContent =
  | { kind: "text"; text: string }
  | { kind: "image"; src: string; width: number; height: number }
  | { kind: "empty" };

const DECIMAL_TEXT = /^[+-]?\d+(?:[.,]\d+)?$/;

/** A decimal written with "." or ",", spaces (thousands) ignored; null for anything else. */
export function parseDecimalText(value: string): number | null {
  const compact = value.replace(/[\s\u00a0\u202f]/g, "");
  return DECIMAL_TEXT.test(compact) ? Number(compact.replace(",", ".")) : null;
}

function numberOf(value: DocumentValue, currency: string): number | null {
  switch (value.kind) {
    case "number":
      return value.value;
    case "money":
      return value.value / 10 ** minorUnitDigits(currency);
    case "age":
      return value.value.value;
    case "text":
      return parseDecimalText(value.value);
    default:
      return null;
  }
}

function minorUnitsOf(value: DocumentValue, currency: string): number | null {
  try {
    switch (value.kind) {
      case "money":
        return value.value;
      case "number":
        return toMinorUnits(value.value, currency);
      case "text": {
        const compact = value.value.replace(/[\s\u00a0\u202f]/g, "");
        return DECIMAL_TEXT.test(compact) ? toMinorUnits(compact, currency) : null;
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}

function dateValueOf(value: DocumentValue): DocumentValue | null {
  switch (value.kind) {
    case "instant":
    case "day":
      return value;
    case "text": {
      const trimmed = value.value.trim();
      if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) {
        const day = parseCalendarDate(trimmed);
        return day === null ? null : { kind: "day", value: day };
      }
      try {
        return { kind: "instant", value: toInstant(trimmed) };
      } catch {
        return null;
      }
    }
    default:
      return null;
  }
}

/** Intl options of a DATE element; a long date when it sets none. */
export function documentDateOptions(settings: DocumentDateSettings): Intl.DateTimeFormatOptions {
  const options: Intl.DateTimeFormatOptions = {};
  if (settings.weekday) options.weekday = settings.weekday;
  if (settings.day) options.day = settings.day;
  if (settings.month) options.month = settings.month;
  if (settings.year) options.year = settings.year;
  if (settings.hours) options.hour = settings.hours;
  if (settings.minutes) options.minute = settings.minutes;
  if (settings.seconds) options.second = settings.seconds;
  return Object.keys(options).length > 0 ? options : LONG_DATE;
}

function isImageSource(value: string): boolean {
  return /^(https?:\/\/|data:image\/)/i.test(value.trim());
}

/**
 * What an element shows, from the document's values. `data` of an element with a custom field
 * and nothing else is that field's input (`{{custom_fields.{id}}}`).
 */
export function resolveDocumentElement(
  element: Pick<DocumentElement, "type" | "payload" | "settings">,
  values: ReadonlyMap<string, DocumentValue>,
  format: DocumentFormat,
): DocumentElementContent {
  const fieldId = element.payload.custom_field_id;
  const data =
    element.payload.data.trim() === "" && fieldId !== null && fieldId !== undefined
      ? `{{custom_fields.${fieldId}}}`
      : element.payload.data;
  const single = SINGLE_PLACEHOLDER.exec(data);
  const rendered = () => renderTemplate(data, values, format);
  const one: DocumentValue = single
    ? (values.get(single[1]!) ?? { kind: "empty" })
    : { kind: "text", value: rendered() };
  const asText = (value: string): DocumentElementContent =>
    value.trim() === "" ? { kind: "empty" } : { kind: "text", text: value };

  switch (element.type) {
    case "STRING":
      return asText(rendered());
    case "NUMBER": {
      const value = numberOf(one, format.currency);
      if (value === null) return asText(rendered());
      const decimals = (element.settings as DocumentNumberSettings).decimals;
      const digits =
        decimals === null || decimals === undefined
          ? { minimumFractionDigits: 0, maximumFractionDigits: 2 }
          : {
              minimumFractionDigits: Math.min(decimals, 20),
              maximumFractionDigits: Math.min(decimals, 20),
            };
      return asText(new Intl.NumberFormat(format.locale, digits).format(value));
    }
    case "CURRENCY": {
      const minor = minorUnitsOf(one, format.currency);
      return minor === null
        ? asText(rendered())
        : asText(formatMoney(minor, format.currency, format.locale));
    }
    case "DATE": {
      const options = documentDateOptions(element.settings as DocumentDateSettings);
      const items = one.kind === "list" ? one.value : [one];
      const parts: string[] = [];
      for (const item of items) {
        const date = dateValueOf(item);
        if (date === null) return asText(rendered());
        parts.push(
          formatDate(date as Extract<DocumentValue, { kind: "instant" | "day" }>, options, format),
        );
      }
      return asText(parts.join(", "));
    }
    case "IMAGE": {
      const { width, height } = element.settings as DocumentImageSettings;
      const url = element.payload.url?.trim();
      let src: string | null = url ? url : null;
      if (src === null) {
        if (one.kind === "image") src = one.value;
        else if (one.kind === "text" && isImageSource(one.value)) src = one.value.trim();
      }
      return src === null ? { kind: "empty" } : { kind: "image", src, width, height };
    }
    default:
      return { kind: "empty" };
  }
}
