/**
 * Reading an ISO 20022 XML file into a tree of plain objects (fast-xml-parser), and walking it.
 * Namespace prefixes are dropped, so every message version reads alike; values stay text (a
 * reference "090933755493" keeps its leading zero, an amount its exact digits). A DOCTYPE is
 * refused: bank files have none, and entity declarations are the door to expansion attacks.
 */

import { XMLParser, XMLValidator } from "fast-xml-parser";
import { BankStatementFormatError } from "./errors.ts";

const TEXT = "#text";
const ATTRIBUTE = "@";

/**
 * Parses `xml`; elements named in `repeated` are always arrays, even when they occur once.
 * Throws BankStatementFormatError for malformed XML, naming the line and column.
 */
export function parseXml(xml: string, repeated: ReadonlySet<string>): Record<string, unknown> {
  const text = xml.replace(/^\uFEFF/, "");
  if (/<!DOCTYPE/i.test(text)) {
    throw new BankStatementFormatError("The XML file declares a DOCTYPE, which is not allowed");
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    const place = col === undefined ? `line ${line}` : `line ${line}, column ${col}`;
    throw new BankStatementFormatError(`Invalid XML at ${place}: ${msg}`);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE,
    textNodeName: TEXT,
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    // Also decodes numeric character references (&#233;), which banks use for accented names.
    htmlEntities: true,
    isArray: (name, _path, _isLeaf, isAttribute) => !isAttribute && repeated.has(name),
  });
  return parser.parse(text) as Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The element at `path` below `node` (the first one of a repeated element), if any. */
export function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    const value = isRecord(current) ? current[name] : undefined;
    current = Array.isArray(value) ? value[0] : value;
  }
  return current;
}

/** Every `name` element directly below `node`. */
export function all(node: unknown, name: string): unknown[] {
  const value = isRecord(node) ? node[name] : undefined;
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The trimmed text of the element at `path`, or null when it is missing or empty. */
export function textAt(node: unknown, ...path: string[]): string | null {
  const element = at(node, ...path);
  const value = isRecord(element) ? element[TEXT] : element;
  if (typeof value !== "string") return null;
  const text = value.trim();
  return text === "" ? null : text;
}

/** The value of attribute `name` of `element`, or null. */
export function attributeOf(element: unknown, name: string): string | null {
  const value = isRecord(element) ? element[ATTRIBUTE + name] : undefined;
  return typeof value === "string" ? value.trim() : null;
}

/** The name of the first element below `node` (the root element of a document), or null. */
export function firstElementName(node: unknown): string | null {
  if (!isRecord(node)) return null;
  return Object.keys(node).find((key) => !key.startsWith(ATTRIBUTE) && key !== TEXT) ?? null;
}
