/** The operations of the published OpenAPI document, as the hostile-input test walks them. */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  schema: JsonSchema;
}

export interface Operation {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** the path with `{name}` placeholders */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content["application/json"]?.schema ?? null,
      });
    }
  }
  return operations;
}

function typesOf(schema: JsonSchema): string[] {
  return [schema.type ?? []].flat();
}

/** The alternatives of a union, nulls left out (a hostile value replaces the whole field). */
function alternatives(schema: JsonSchema): JsonSchema[] {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return [schema];
  return options.filter(
    (option) => !typesOf(option).includes("null") || typesOf(option).length > 1,
  );
}

/** Whether the field holds a number (alone or as one of a union's alternatives). */
export function isNumeric(schema: JsonSchema): boolean {
  return alternatives(schema).some((option) =>
    typesOf(option).some((type) => type === "integer" || type === "number"),
  );
}

/** Whether the field is one scalar type only (so an object or array there is a wrong type). */
export function isScalarOnly(schema: JsonSchema): boolean {
  return alternatives(schema).every((option) =>
    typesOf(option).every((type) => ["string", "integer", "number", "boolean"].includes(type)),
  );
}

const PATTERN_SAMPLES = ["1", "A", "EUR", "test_abcdefghijklmnopqrstuvwxyz"];

/**
 * A plausible value for a schema: required properties and optional ones alike, the first choice
 * of enums and unions, the smallest allowed number above zero. Not always valid (an operation's
 * own rules may still refuse it): it only has to let one hostile field travel as far as it can.
 */
export function plausibleValue(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.allOf?.[0]) return plausibleValue(schema.allOf[0]);
  const [first] = alternatives(schema);
  if (first && first !== schema) return plausibleValue(first);
  const type = typesOf(schema).find((candidate) => candidate !== "null");
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausibleValue(value)]),
      );
    case "array":
      return schema.items && (schema.minItems ?? 0) > 0 ? [plausibleValue(schema.items)] : [];
    case "integer":
    case "number":
      return Math.min(Math.max(1, Math.ceil(schema.minimum ?? 1)), schema.maximum ?? 1);
    case "boolean":
      return false;
    case "string":
      return plausibleText(schema);
    default:
      return null;
  }
}

function plausibleText(schema: JsonSchema): string {
  if (schema.format === "email") return "fuzz@example.org";
  if (schema.format === "date" || schema.format === "date-time") return "2030-01-15";
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return PATTERN_SAMPLES.find((sample) => pattern.test(sample)) ?? "x";
  }
  return "x".repeat(Math.max(1, schema.minLength ?? 1));
}

export interface BodyField {
  /** keys from the body's root; numbers index into arrays */
  path: (string | number)[];
  schema: JsonSchema;
}

/** Every field of a body schema down to `depth`, array items taken at index 0. */
export function bodyFields(
  schema: JsonSchema,
  depth = 3,
  path: BodyField["path"] = [],
): BodyField[] {
  const fields: BodyField[] = [];
  const [shape] = alternatives(schema);
  if (!shape || depth === 0) return fields;
  for (const [key, value] of Object.entries(shape.properties ?? {})) {
    fields.push({ path: [...path, key], schema: value });
    fields.push(...bodyFields(value, depth - 1, [...path, key]));
  }
  if (shape.items && path.length > 0) {
    fields.push({ path: [...path, 0], schema: shape.items });
    fields.push(...bodyFields(shape.items, depth - 1, [...path, 0]));
  }
  return fields;
}

/** A copy of `body` with the value at `path` replaced (arrays and objects made on the way). */
export function withValueAt(body: unknown, path: BodyField["path"], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  if (typeof key === "number") {
    const items = Array.isArray(body) ? [...body] : [];
    items[key] = withValueAt(items[key], rest, value);
    return items;
  }
  const object = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
  return { ...object, [key]: withValueAt((object as Record<string, unknown>)[key], rest, value) };
}
