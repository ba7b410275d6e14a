import postcss, {
  type AtRule,
  type ChildNode,
  type Container,
  type Declaration,
  type Root,
} from "postcss";

/**
 * The organiser's custom CSS, made safe to inline in a <style> of every storefront page: it may
 * restyle the site but not load anything from elsewhere, run script, or end the <style> element.
 * Parsed with PostCSS; what is refused is dropped and reported, the rest is kept as written.
 *
 * - at-rules other than @media, @supports, @container, @layer and @keyframes are dropped
 *   (@import, @font-face, @namespace, @charset, @document…);
 * - a declaration is dropped when its value, once CSS escapes and comments are undone, calls
 *   url()/src()/image-set() on anything but a site path ("/…") or an inline image (data:image/…),
 *   uses expression(), javascript: or -moz-binding/behavior;
 * - comments go; every "<" left (in strings, selectors) is written as the escape "\3c ", so no
 *   "</style" can appear in the output.
 */

export interface SanitisedCss {
  css: string;
  /** what was dropped, one short description each (`@import`, `background: url(https://…)`) */
  removed: string[];
}

export class CustomCssSyntaxError extends Error {
  readonly line: number | undefined;

  constructor(message: string, line: number | undefined) {
    super(message);
    this.line = line;
  }
}

const ALLOWED_AT_RULES = new Set([
  "media",
  "supports",
  "container",
  "layer",
  "keyframes",
  "-webkit-keyframes",
]);
const FORBIDDEN_PROPERTIES = new Set(["behavior", "-moz-binding"]);
const URL_FUNCTION = /\b(?:url|src|image-set|-webkit-image-set)\(\s*(['"]?)([^'")]*)\1\s*\)?/g;
const SCRIPT_LIKE = /expression\s*\(|javascript:|vbscript:/;
/** Image functions also take plain strings as resources: then every string must be local. */
const IMAGE_FUNCTION = /\b(?:-webkit-)?image(?:-set)?\(/;
const QUOTED = /(['"])(.*?)\1/g;

/** The text of a CSS value as the browser reads it: escapes decoded, comments gone, lower case. */
function decodedValue(value: string): string {
  return value
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
    })
    .replace(/\\(.)/g, "$1")
    .replace(/\\$/, "")
    .toLowerCase();
}

function isLocalResource(target: string): boolean {
  const value = target.trim();
  if (value.startsWith("data:")) return /^data:image\/(png|gif|jpeg|webp|svg\+xml)[;,]/.test(value);
  // A site path; "//host" and "/\host" are other hosts.
  return value.startsWith("/") && !value.startsWith("//") && !value.includes("\\");
}

function declarationIsSafe(declaration: Declaration): boolean {
  const property = decodedValue(declaration.prop);
  if (FORBIDDEN_PROPERTIES.has(property)) return false;
  const value = decodedValue(declaration.value);
  if (SCRIPT_LIKE.test(value) || SCRIPT_LIKE.test(property)) return false;
  for (const match of value.matchAll(URL_FUNCTION)) {
    if (!isLocalResource(match[2] ?? "")) return false;
  }
  if (IMAGE_FUNCTION.test(value)) {
    for (const match of value.matchAll(QUOTED)) if (!isLocalResource(match[2] ?? "")) return false;
  }
  return true;
}

function describe(node: ChildNode): string {
  const text = node.type === "atrule" ? `@${node.name} ${node.params}` : node.toString();
  const short = text.replace(/\s+/g, " ").trim();
  return short.length > 80 ? `${short.slice(0, 79)}…` : short;
}

function clean(container: Container, removed: string[]): void {
  container.each((node) => {
    if (node.type === "comment") {
      node.remove();
    } else if (node.type === "atrule") {
      if (!ALLOWED_AT_RULES.has((node as AtRule).name.toLowerCase())) {
        removed.push(describe(node));
        node.remove();
      } else if (SCRIPT_LIKE.test(decodedValue((node as AtRule).params))) {
        removed.push(describe(node));
        node.remove();
      } else if ((node as AtRule).nodes) {
        clean(node as AtRule, removed);
      }
    } else if (node.type === "decl") {
      if (!declarationIsSafe(node)) {
        removed.push(describe(node));
        node.remove();
      }
    } else if (node.type === "rule") {
      clean(node, removed);
    }
  });
}

/** Throws CustomCssSyntaxError when the text is not CSS PostCSS can read. */
export function sanitiseCustomCss(input: string): SanitisedCss {
  let root: Root;
  try {
    root = postcss.parse(input);
  } catch (error) {
    const syntax = error as { reason?: string; line?: number };
    throw new CustomCssSyntaxError(syntax.reason ?? "unreadable CSS", syntax.line);
  }
  const removed: string[] = [];
  clean(root, removed);
  const css = root
    .toString()
    .replace(/</g, "\\3c ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { css, removed };
}
