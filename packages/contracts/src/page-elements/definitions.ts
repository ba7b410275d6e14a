import type { z } from "zod";
import type { PageReferenceKind } from "../admin/website-references.ts";
import { LIMITS } from "../common.ts";
import { ELEMENT_SETTINGS, type ElementKey } from "../page-elements.ts";
import { RICH_TEXT_MAX_BYTES } from "./content.ts";
import {
  aspectRatio,
  cssLength,
  cuid,
  hexColor,
  httpsUrl,
  imageSrc,
  linkHref,
} from "./primitives.ts";

// The setting definitions the console's builder generates its forms from (storefront.md §3:
// "each has type, label, description, default and optional options"). They are read off the zod
// schemas that validate the settings, so a form never offers what the schema would refuse; the
// label and description are the console's translations (admin.website.settings.<name>).
// Console only: the storefront never imports this file.

export type SettingType =
  | "text"
  | "textarea"
  | "rich-text"
  | "color"
  | "image"
  | "link"
  | "url"
  | "number"
  | "switch"
  | "select"
  | "multi-select"
  | "references"
  | "list";

/** What a reference list points at: the console's pickers list these (/api/admin/website/references). */
export type ReferenceKind = PageReferenceKind;

export interface SettingDefinition {
  name: string;
  type: SettingType;
  /** the value a new element gets (the schema's default; "" or null when it has none) */
  default: unknown;
  /** the schema refuses the element without it */
  required: boolean;
  /** null is a valid value (the field may be emptied) */
  nullable: boolean;
  /** choices of a select or multi-select, in the schema's order */
  options?: Array<string | number>;
  min?: number;
  max?: number;
  step?: number;
  maxLength?: number;
  /** a format the text must follow ("css-length", "aspect-ratio", "cuid") */
  format?: string;
  reference?: ReferenceKind;
  /** the fields of each item of a list */
  item?: SettingDefinition[];
  /** list length bounds */
  minItems?: number;
  maxItems?: number;
}

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

const FORMATS = new Map<unknown, Pick<SettingDefinition, "type" | "format">>([
  [hexColor, { type: "color" }],
  [imageSrc, { type: "image" }],
  [linkHref, { type: "link" }],
  [httpsUrl, { type: "url" }],
  [cssLength, { type: "text", format: "css-length" }],
  [aspectRatio, { type: "text", format: "aspect-ratio" }],
  [cuid, { type: "text", format: "cuid" }],
]);

/** Reference lists by setting name; `ids` depends on the element (the grid's items). */
const REFERENCES: Partial<Record<string, ReferenceKind>> = {
  catalog: "catalogs",
  segment: "segments",
  resources: "resources",
};
const ID_REFERENCES: Partial<Record<string, ReferenceKind>> = {
  "section:activities-grid": "activities",
  "section:bundles-grid": "bundles",
  "section:memberships-cards-grid": "memberships",
  "section:vouchers-cards-grid": "vouchers",
};

interface Unwrapped {
  schema: AnySchema;
  optional: boolean;
  nullable: boolean;
  hasDefault: boolean;
  defaultValue: unknown;
  format?: Pick<SettingDefinition, "type" | "format">;
}

/** Peels optional, nullable, default and transforms off a schema, noting each. */
function unwrap(start: AnySchema): Unwrapped {
  const result: Unwrapped = {
    schema: start,
    optional: false,
    nullable: false,
    hasDefault: false,
    defaultValue: undefined,
  };
  let schema = start;
  for (let guard = 0; guard < 20; guard += 1) {
    const known = FORMATS.get(schema);
    if (known && !result.format) result.format = known;
    const def = schema._zod.def;
    if (def.type === "optional") result.optional = true;
    else if (def.type === "nullable") result.nullable = true;
    else if (def.type === "default" || def.type === "prefault") {
      if (!result.hasDefault) result.defaultValue = structuredClone(def.defaultValue);
      result.hasDefault = true;
    } else if (def.type === "pipe") {
      schema = def.in as AnySchema;
      continue;
    } else if (def.type === "union") {
      // "" and null stand for "none" beside the real type (optional links, schedule hours).
      const options = (def.options as AnySchema[]).filter((option) => {
        const inner = option._zod.def;
        if (inner.type === "null") result.nullable = true;
        return !(
          inner.type === "null" ||
          (inner.type === "literal" && (inner.values as unknown[]).every((v) => v === ""))
        );
      });
      if (options.length === 1 || options.every((option) => option._zod.def.type === "enum")) {
        if (options.length !== (def.options as unknown[]).length) result.nullable = true;
        schema = options[0]!;
        continue;
      }
      break;
    } else break;
    schema = def.innerType as AnySchema;
  }
  result.schema = schema;
  return result;
}

function enumOptions(schema: AnySchema): Array<string | number> | null {
  const def = schema._zod.def;
  if (def.type === "enum") return Object.values(def.entries as Record<string, string>);
  if (def.type === "literal") return def.values as Array<string | number>;
  if (def.type === "union") {
    const all = (def.options as AnySchema[]).map(enumOptions);
    return all.every(Boolean)
      ? (all.flat() as Array<string | number>)
      : (all.find(Boolean) ?? null);
  }
  return null;
}

function describe(name: string, raw: AnySchema, elementKey: string): SettingDefinition {
  const { schema, optional, nullable, hasDefault, defaultValue, format } = unwrap(raw);
  const def = schema._zod.def;
  const base = {
    name,
    required: !optional && !nullable && !hasDefault,
    nullable: nullable || optional,
  };
  const fallback = hasDefault ? defaultValue : null;
  // A field that may be empty starts empty (null): "" is no colour, image or link.
  const empty = (value: unknown) => (hasDefault ? defaultValue : base.nullable ? null : value);
  if (format) return { ...base, ...format, default: empty("") };
  const options = enumOptions(schema);
  if (options) return { ...base, type: "select", options, default: empty(options[0]) };
  switch (def.type) {
    case "boolean":
      return { ...base, type: "switch", default: fallback ?? false };
    case "number": {
      const number = schema as unknown as z.ZodNumber;
      const multiple = (number._zod.def.checks ?? [])
        .map((check) => check._zod.def as { value?: unknown; check: string })
        .find((check) => check.check === "multiple_of")?.value;
      return {
        ...base,
        type: "number",
        default: fallback,
        ...(Number.isFinite(number.minValue) ? { min: number.minValue! } : {}),
        ...(Number.isFinite(number.maxValue) ? { max: number.maxValue! } : {}),
        ...(typeof multiple === "number" ? { step: multiple } : number.isInt ? { step: 1 } : {}),
      };
    }
    case "string": {
      const maxLength = (schema as unknown as z.ZodString).maxLength ?? undefined;
      const type =
        name === "html" || (maxLength ?? 0) >= RICH_TEXT_MAX_BYTES
          ? "rich-text"
          : (maxLength ?? 0) > LIMITS.shortText
            ? "textarea"
            : "text";
      return {
        ...base,
        type,
        default: empty(""),
        ...(maxLength !== undefined && maxLength !== null ? { maxLength } : {}),
      };
    }
    case "array": {
      const array = schema as unknown as z.ZodArray<AnySchema>;
      const element = unwrap(array._zod.def.element as AnySchema);
      const checks = (array._zod.def.checks ?? []).map(
        (check) => check._zod.def as { check: string; minimum?: number; maximum?: number },
      );
      const minItems = checks.find((check) => check.check === "min_length")?.minimum;
      const maxItems = checks.find((check) => check.check === "max_length")?.maximum;
      const bounds = {
        ...(minItems !== undefined ? { minItems } : {}),
        ...(maxItems !== undefined ? { maxItems } : {}),
      };
      const choices = enumOptions(element.schema);
      if (choices) {
        return {
          ...base,
          ...bounds,
          type: "multi-select",
          options: choices,
          default: fallback ?? [],
        };
      }
      if (element.schema._zod.def.type === "object") {
        return {
          ...base,
          ...bounds,
          type: "list",
          item: objectDefinitions(element.schema, elementKey),
          default: fallback ?? [],
        };
      }
      const reference =
        REFERENCES[name] ?? (name === "ids" ? ID_REFERENCES[elementKey] : undefined);
      // Every list of ids must say what it lists, or the console could offer no picker for it.
      if (!reference) throw new Error(`${elementKey}.${name}: a reference list of unknown kind`);
      return { ...base, ...bounds, type: "references", reference, default: fallback ?? [] };
    }
    default:
      return { ...base, type: "text", default: fallback ?? "" };
  }
}

function objectDefinitions(schema: AnySchema, elementKey: string): SettingDefinition[] {
  let object = schema;
  // A refined object (hours in order) is still the object underneath.
  while (object._zod.def.type === "pipe") object = object._zod.def.in as AnySchema;
  const shape = (object._zod.def.shape ?? {}) as Record<string, AnySchema>;
  return Object.entries(shape).map(([name, field]) => describe(name, field, elementKey));
}

const cache = new Map<string, SettingDefinition[]>();

/** The settings of an element, in the schema's order. */
export function settingDefinitions(key: ElementKey): SettingDefinition[] {
  let definitions = cache.get(key);
  if (!definitions) {
    definitions = objectDefinitions(ELEMENT_SETTINGS[key] as unknown as AnySchema, key);
    cache.set(key, definitions);
  }
  return definitions;
}

/** A new element's settings: every default, "" for the required texts the organiser fills in. */
export function defaultSettings(key: ElementKey): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const definition of settingDefinitions(key)) {
    if (definition.default !== null && definition.default !== undefined) {
      settings[definition.name] = structuredClone(definition.default);
    }
  }
  return settings;
}
