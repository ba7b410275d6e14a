import { formatMoney } from "@booking/domain";
import { plainLiquidMarkup } from "@booking/domain/liquid-markup";
import { Drop, type FS, Liquid, LiquidError, type Template } from "liquidjs";

// Organisers' templates run in liquidjs with everything that could reach beyond the data given
// turned off (decision 0050): no file system (include/render/layout refuse), own properties only
// (no prototype, constructor or process), unknown filters are errors, and every render is bounded
// in size, time and memory so a hostile loop ends with an error instead of holding the worker.

export type TemplateLanguage = "fr" | "en";

/** Number and date conventions of each language, as the e-mails always had them. */
export const LOCALES: Record<TemplateLanguage, string> = { fr: "fr-BE", en: "en-GB" };

/** How amounts and dates are written: the organiser's language, currency and time zone. */
export interface RenderFormat {
  language: TemplateLanguage;
  currency: string;
  timezone: string;
}

/** A template the parser refused, with the line of the source it stopped at (1-based). */
export class TemplateSyntaxError extends Error {
  readonly line: number;
  /** which part of the template: its subject, content, footer or an SMS body */
  readonly field: "subject" | "content" | "footer" | "sms";
  constructor(message: string, line: number, field: TemplateSyntaxError["field"]) {
    super(message);
    this.name = "TemplateSyntaxError";
    this.line = line;
    this.field = field;
  }
}

/** A template that parsed but could not be rendered (a limit reached, a bad filter argument). */
export class TemplateRenderError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.name = "TemplateRenderError";
    this.line = line;
  }
}

/**
 * HTML the platform itself vouches for (a message's content written in the rich editor): printed
 * as it is in an HTML template, where every other value is escaped.
 */
export class SafeHtml extends Drop {
  readonly html: string;
  constructor(html: string) {
    super();
    this.html = html;
  }
  override valueOf(): string {
    return this.html;
  }
  override toString(): string {
    return this.html;
  }
}

/** Bounds of one parse and one render (liquidjs's DoS limits). */
const LIMITS = {
  /** characters of source parsed at once: a long e-mail is a few tens of kilobytes */
  parseLimit: 200_000,
  /** milliseconds of rendering */
  renderLimit: 500,
  /** bytes allocated by strings and arrays while rendering */
  memoryLimit: 5_000_000,
};

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

function printable(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof SafeHtml) return value.html;
  return String(value);
}

/** What an output tag prints in an HTML template: the value escaped, unless it is SafeHtml. */
function escapedHtml(value: unknown): string {
  return value instanceof SafeHtml ? value.html : escapeHtml(printable(value));
}

/** A file system with no file: include, render and layout tags find nothing to read. */
const NO_FILES: FS = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async (file) => {
    throw new Error(`no partial templates: ${file}`);
  },
  readFileSync: (file) => {
    throw new Error(`no partial templates: ${file}`);
  },
  resolve: (_dir, file) => file,
  contains: async () => false,
  containsSync: () => false,
};

/** Intl formats are costly to build and every message needs the same few: made once each. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

const DATE_STYLES = {
  /** "1 mai 2026" */
  date: { day: "numeric", month: "long", year: "numeric" },
  /** "vendredi 1 mai 2026 à 10:00" */
  datetime: {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  },
  /** "1 mai 2026 à 10:00" */
  short_datetime: { dateStyle: "long", timeStyle: "short" },
  /** "10:00" */
  time: { hour: "2-digit", minute: "2-digit" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

export function dateFormat(format: RenderFormat, style: DateStyle): Intl.DateTimeFormat {
  const key = `${format.language} ${format.timezone} ${style}`;
  let formatter = dateFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALES[format.language], {
      ...DATE_STYLES[style],
      timeZone: format.timezone,
    });
    dateFormats.set(key, formatter);
  }
  return formatter;
}

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value !== "string" && typeof value !== "number") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function styleOf(value: unknown): DateStyle {
  return typeof value === "string" && value in DATE_STYLES ? (value as DateStyle) : "date";
}

/** One engine per output (HTML-escaped or plain) and format, kept for the process. */
const engines = new Map<string, Liquid>();

export function liquidEngine(format: RenderFormat, output: "html" | "text"): Liquid {
  const key = `${output} ${format.language} ${format.currency} ${format.timezone}`;
  let engine = engines.get(key);
  if (engine) return engine;
  engine = new Liquid({
    ...LIMITS,
    fs: NO_FILES,
    root: [],
    ownPropertyOnly: true,
    strictFilters: true,
    cache: false,
    timezoneOffset: format.timezone,
    relativeReference: false,
    outputEscape: output === "html" ? escapedHtml : printable,
  });
  for (const tag of ["include", "render", "layout"]) {
    engine.registerTag(tag, {
      parse() {
        throw new Error(`the ${tag} tag is not available in e-mail templates`);
      },
      render() {},
    });
  }
  // `raw` would print data unescaped (a customer's name as HTML): it escapes like any output.
  engine.registerFilter("raw", (value: unknown) => value);
  /** {{ amount_minor | money }}: minor units in the organiser's currency ("12,50 €"). */
  engine.registerFilter("money", (value: unknown) => {
    const minor = Number(value);
    return Number.isFinite(minor)
      ? formatMoney(Math.round(minor), format.currency, LOCALES[format.language])
      : "";
  });
  /** {{ start_at | format_date: "datetime" }}: a date in the organiser's language and time zone. */
  engine.registerFilter("format_date", (value: unknown, style?: unknown) => {
    const date = toDate(value);
    return date ? dateFormat(format, styleOf(style)).format(date) : "";
  });
  /** {{ start_at | format_range: end_at, "datetime" }}: "1 – 5 mai 2026". */
  engine.registerFilter("format_range", (value: unknown, end?: unknown, style?: unknown) => {
    const start = toDate(value);
    const finish = toDate(end);
    if (!start) return "";
    const formatter = dateFormat(format, styleOf(style));
    return finish && finish >= start
      ? formatter.formatRange(start, finish)
      : formatter.format(start);
  });
  engines.set(key, engine);
  return engine;
}

function lineOf(error: unknown): number {
  if (error instanceof LiquidError) {
    const token = (error as LiquidError & { token?: { getPosition?: () => number[] } }).token;
    const position = token?.getPosition?.();
    if (position?.[0]) return position[0];
  }
  return 1;
}

/** The message of a liquidjs error without its ", line:3, col:6" suffix (the line is apart). */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, line:\d+, col:\d+$/, "");
}

/** Parsed sources per engine, kept a while: the same few templates render for every checkout. */
const parsedByEngine = new WeakMap<Liquid, Map<string, Template[]>>();
const PARSED_KEPT = 200;

export function parseTemplate(
  engine: Liquid,
  source: string,
  field: TemplateSyntaxError["field"],
): Template[] {
  let parsed = parsedByEngine.get(engine);
  if (!parsed) {
    parsed = new Map();
    parsedByEngine.set(engine, parsed);
  }
  const known = parsed.get(source);
  if (known) return known;
  let templates: Template[];
  try {
    // Every source may come from the rich editor (templates, rules' own text, messages by hand).
    templates = engine.parse(plainLiquidMarkup(source));
  } catch (error) {
    throw new TemplateSyntaxError(messageOf(error), lineOf(error), field);
  }
  if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
  parsed.set(source, templates);
  return templates;
}

export async function renderTemplate(
  engine: Liquid,
  source: string,
  data: object,
  field: TemplateSyntaxError["field"],
): Promise<string> {
  const templates = parseTemplate(engine, source, field);
  try {
    return await engine.render(templates, data);
  } catch (error) {
    throw new TemplateRenderError(messageOf(error), lineOf(error));
  }
}
