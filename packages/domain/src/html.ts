/**
 * Allow-list HTML sanitiser for organiser-written rich text (storefront.md "Content blocks": rich
 * text, the link editor accepts https, mailto and tel). It runs the same on the server and in the
 * browser: no DOM, a small tokenizer that reads the input once (linear time) and a serialiser that
 * writes only what it built itself.
 *
 * Safety does not depend on parsing exactly like a browser: the output is made only of
 * - allowed tags, written by this module, with no attribute except a checked `href` on `<a>`
 *   (and, when the caller accepts images, a checked `src` and an `alt` on `<img>`);
 * - text, with `<`, `>` and any `&` that does not start a character reference escaped.
 * Whatever the input, the output therefore contains no other tag, attribute, comment or script.
 *
 * Kept: p, br, strong, em, b, i, u, s, ul, ol, li, a[href], h2–h4, blockquote, table, thead,
 * tbody, tr, th, td. Any other tag is dropped and its text kept, except the elements whose content
 * is code or not text (script, style, template, svg…), dropped with all their content. Comments,
 * doctypes and processing instructions are dropped. Open tags are closed, stray end tags ignored,
 * so the result is balanced and can be inserted anywhere.
 *
 * `htmlToText` uses the same tokenizer to give the plain text of some HTML (card excerpts).
 */

export interface SanitizeHtmlOptions {
  /** Rewrites an accepted href (for example to add the language prefix to site paths). */
  mapHref?: (href: string) => string;
  /**
   * Keeps `<img src alt>` whose src this accepts (returning the src to write), for texts that
   * may hold images (newsletters: the organiser's own uploads); without it images are dropped.
   */
  imageSrc?: (src: string) => string | null;
}

const ALLOWED = new Set([
  "p",
  "br",
  "strong",
  "em",
  "b",
  "i",
  "u",
  "s",
  "ul",
  "ol",
  "li",
  "a",
  "h2",
  "h3",
  "h4",
  "blockquote",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);

const VOID_ALLOWED = new Set(["br"]);

/** Elements whose content is raw text for the browser: everything up to `</name` is dropped. */
const RAW_TEXT = new Set([
  "script",
  "style",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "noscript",
  "textarea",
  "title",
]);

/** Elements dropped with their whole subtree (tags and text): code, media, foreign content. */
const DROP_SUBTREE = new Set([
  "template",
  "svg",
  "math",
  "object",
  "applet",
  "head",
  "frameset",
  "select",
  "audio",
  "video",
  "canvas",
  "button",
  "datalist",
]);

/** Opening one of these closes an open paragraph (as the HTML parser does). */
const CLOSES_P = new Set(["p", "ul", "ol", "h2", "h3", "h4", "blockquote", "table"]);

/** Containers that stop the search for a paragraph or heading to close. */
const BLOCK_SCOPE = new Set(["li", "td", "th", "blockquote", "table"]);

const HEADINGS = new Set(["h2", "h3", "h4"]);

const NO_BOUNDARY = new Set<string>();

/** Named references decoded in href values before the scheme check (the rest stay literal). */
const NAMED_REFERENCES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  sol: "/",
  bsol: "\\",
  colon: ":",
  semi: ";",
  tab: "\t",
  newline: "\n",
  nbsp: "\u00a0",
  period: ".",
  num: "#",
  quest: "?",
  equals: "=",
  percnt: "%",
  commat: "@",
  plus: "+",
  comma: ",",
  excl: "!",
  lpar: "(",
  rpar: ")",
};

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isSpace(char: string | undefined): boolean {
  return char === " " || char === "\t" || char === "\n" || char === "\r" || char === "\f";
}

/** A character reference at `&`: numeric (`&#38;`, `&#x26;`) or named (`&amp;`), with `;`. */
const REFERENCE = /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;

/** Text for the output: tags impossible, references kept, any other `&` escaped. */
export function escapeHtmlText(text: string): string {
  let out = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else if (char === "&") {
      const match = REFERENCE.exec(text.slice(index, index + 40));
      if (match) {
        out += match[0];
        index += match[0].length - 1;
      } else {
        out += "&amp;";
      }
    } else out += char;
  }
  return out;
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

function fromCodePoint(code: number): string {
  // NUL, surrogates and out-of-range values become U+FFFD, as the HTML parser does.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
  return String.fromCodePoint(code);
}

/** Decodes the character references of an attribute value that matter for URLs. */
function decodeAttribute(value: string): string {
  return value.replace(
    /&(?:#([0-9]{1,7});?|#[xX]([0-9a-fA-F]{1,6});?|([a-zA-Z][a-zA-Z0-9]{1,31});)/g,
    (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10));
      if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
      return NAMED_REFERENCES[name!.toLowerCase()] ?? whole;
    },
  );
}

/** Removes C0 control characters and spaces at both ends, as URL parsers do. */
function trimControls(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  return value.slice(start, end);
}

/**
 * The link rule of the rich text: a site path (`/…` but not `//host` or `/\host`), an anchor
 * (`#…`), `https:`, `mailto:` or `tel:`. Returns the href as the browser will read it, or null.
 * Browsers ignore tabs and new lines inside URLs and trim control characters and spaces around
 * them, so the check is made on that form (`java\tscript:` is `javascript:`).
 */
export function safeRichTextHref(raw: string): string | null {
  const href = trimControls(decodeAttribute(raw).replace(/[\t\n\r]/g, ""));
  if (href.startsWith("#")) return href;
  if (href.startsWith("/")) {
    return href[1] === "/" || href[1] === "\\" ? null : href;
  }
  if (/^(?:https:|mailto:|tel:)/i.test(href)) return href;
  return null;
}

interface StartTag {
  kind: "start";
  name: string;
  attributes: Map<string, string>;
}

interface EndTag {
  kind: "end";
  name: string;
}

/**
 * Reads a start tag at `index` (which holds "<" followed by an ASCII letter). Returns the tag and
 * the index after its ">", or null when the input ends inside the tag (the browser drops it).
 */
function readStartTag(input: string, index: number): { tag: StartTag; next: number } | null {
  let position = index + 1;
  let name = "";
  while (position < input.length) {
    const char = input[position]!;
    if (isSpace(char) || char === "/" || char === ">") break;
    name += char;
    position++;
  }
  const attributes = new Map<string, string>();
  while (position < input.length) {
    const char = input[position]!;
    if (isSpace(char) || char === "/") {
      position++;
      continue;
    }
    if (char === ">") {
      return { tag: { kind: "start", name: name.toLowerCase(), attributes }, next: position + 1 };
    }
    // Attribute name: up to space, "/", ">" or "=" (a leading "=" belongs to the name).
    let attributeName = char;
    position++;
    while (position < input.length) {
      const next = input[position]!;
      if (isSpace(next) || next === "/" || next === ">" || next === "=") break;
      attributeName += next;
      position++;
    }
    while (isSpace(input[position])) position++;
    let value = "";
    if (input[position] === "=") {
      position++;
      while (isSpace(input[position])) position++;
      const quote = input[position];
      if (quote === '"' || quote === "'") {
        const end = input.indexOf(quote, position + 1);
        if (end === -1) return null;
        value = input.slice(position + 1, end);
        position = end + 1;
      } else {
        const start = position;
        while (position < input.length && !isSpace(input[position]) && input[position] !== ">") {
          position++;
        }
        value = input.slice(start, position);
      }
    }
    const key = attributeName.toLowerCase();
    // The first occurrence of an attribute wins, as in browsers.
    if (!attributes.has(key)) attributes.set(key, value);
  }
  return null;
}

/** Index just after the first ">" at or after `from`, or the input's length. */
function afterNextGreaterThan(input: string, from: number): number {
  const end = input.indexOf(">", from);
  return end === -1 ? input.length : end + 1;
}

const END_TAGS = new Map(
  [...RAW_TEXT].map((name) => [name, new RegExp(`</${name}(?=[\\s/>]|$)`, "gi")]),
);

/**
 * Index of the end tag `</name` (followed by space, "/" or ">") from `from`, or -1. Searched
 * case-insensitively without lower-casing the input (which may change its length in Unicode).
 */
function findEndTag(input: string, name: string, from: number): number {
  const pattern = END_TAGS.get(name)!;
  pattern.lastIndex = from;
  return pattern.exec(input)?.index ?? -1;
}

type Token = StartTag | EndTag | { kind: "text"; text: string };

/** Splits HTML into text, start tags and end tags; comments and raw-text contents vanish. */
function* tokenize(input: string): Generator<Token> {
  let index = 0;
  let textStart = 0;
  const flushText = function* (end: number): Generator<Token> {
    if (end > textStart) yield { kind: "text", text: input.slice(textStart, end) };
  };
  while (index < input.length) {
    const lt = input.indexOf("<", index);
    if (lt === -1) break;
    const next = input.charCodeAt(lt + 1);
    if (input.startsWith("<!--", lt)) {
      yield* flushText(lt);
      // "<!-->" and "<!--->" are complete (empty) comments for the HTML parser.
      let end: number;
      if (input.startsWith("<!-->", lt)) end = lt + 5;
      else if (input.startsWith("<!--->", lt)) end = lt + 6;
      else {
        // The first "-->" or "--!>" ends it; unterminated, it runs to the end of the input.
        end = input.length;
        let position = lt + 4;
        while (true) {
          const dashes = input.indexOf("--", position);
          if (dashes === -1) break;
          if (input[dashes + 2] === ">") {
            end = dashes + 3;
            break;
          }
          if (input[dashes + 2] === "!" && input[dashes + 3] === ">") {
            end = dashes + 4;
            break;
          }
          position = dashes + 1;
        }
      }
      index = textStart = end;
      continue;
    }
    if (input[lt + 1] === "!" || input[lt + 1] === "?") {
      // Doctype, CDATA and processing instructions: bogus comments up to ">".
      yield* flushText(lt);
      index = textStart = afterNextGreaterThan(input, lt + 2);
      continue;
    }
    if (input[lt + 1] === "/") {
      const first = input.charCodeAt(lt + 2);
      if (isAsciiLetter(first)) {
        yield* flushText(lt);
        let position = lt + 2;
        let name = "";
        while (position < input.length) {
          const char = input[position]!;
          if (isSpace(char) || char === "/" || char === ">") break;
          name += char;
          position++;
        }
        const end = input.indexOf(">", position);
        if (end === -1) {
          // The input ends inside the end tag: the browser drops it and the rest.
          index = textStart = input.length;
          break;
        }
        yield { kind: "end", name: name.toLowerCase() };
        index = textStart = end + 1;
        continue;
      }
      if (input[lt + 2] === ">") {
        // "</>" is ignored.
        yield* flushText(lt);
        index = textStart = lt + 3;
        continue;
      }
      if (lt + 2 < input.length) {
        // "</" followed by anything else starts a bogus comment.
        yield* flushText(lt);
        index = textStart = afterNextGreaterThan(input, lt + 2);
        continue;
      }
      index = lt + 1;
      continue;
    }
    if (isAsciiLetter(next)) {
      yield* flushText(lt);
      const read = readStartTag(input, lt);
      if (!read) {
        index = textStart = input.length;
        break;
      }
      const { tag } = read;
      index = textStart = read.next;
      if (tag.name === "plaintext") {
        index = textStart = input.length;
        break;
      }
      if (RAW_TEXT.has(tag.name)) {
        const end = findEndTag(input, tag.name, index);
        if (end === -1) {
          index = textStart = input.length;
          break;
        }
        index = textStart = afterNextGreaterThan(input, end + 2);
        continue;
      }
      yield tag;
      continue;
    }
    // A "<" that starts no tag is text.
    index = lt + 1;
  }
  yield* flushText(input.length);
}

/**
 * Sanitises HTML to the allow-list above. Never throws; a non-string input gives "".
 */
export function sanitizeHtml(input: string, options: SanitizeHtmlOptions = {}): string {
  if (typeof input !== "string" || input === "") return "";
  const stack: string[] = [];
  let out = "";
  /** Depth inside a dropped subtree, with the name of its root element. */
  let dropping: { name: string; depth: number } | null = null;

  const closeTo = (index: number) => {
    while (stack.length > index) out += `</${stack.pop()}>`;
  };
  const findOpen = (names: Set<string> | string, boundary: Set<string>): number => {
    for (let index = stack.length - 1; index >= 0; index--) {
      const name = stack[index]!;
      if (typeof names === "string" ? name === names : names.has(name)) return index;
      if (boundary.has(name)) return -1;
    }
    return -1;
  };
  for (const token of tokenize(input)) {
    if (dropping) {
      if (token.kind === "start" && token.name === dropping.name) dropping.depth++;
      if (token.kind === "end" && token.name === dropping.name) {
        dropping.depth--;
        if (dropping.depth === 0) dropping = null;
      }
      continue;
    }
    if (token.kind === "text") {
      out += escapeHtmlText(token.text);
      continue;
    }
    const { name } = token;
    if (token.kind === "start") {
      if (DROP_SUBTREE.has(name)) {
        dropping = { name, depth: 1 };
        continue;
      }
      if (name === "img" && options.imageSrc) {
        const src = options.imageSrc(decodeAttribute(token.attributes.get("src") ?? ""));
        const alt = decodeAttribute(token.attributes.get("alt") ?? "");
        if (src !== null)
          out += `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}">`;
        continue;
      }
      if (!ALLOWED.has(name)) continue;
      if (VOID_ALLOWED.has(name)) {
        out += `<${name}>`;
        continue;
      }
      // Nesting rules of the HTML parser, so that the browser reads the tree written here.
      if (CLOSES_P.has(name)) {
        const open = findOpen("p", BLOCK_SCOPE);
        if (open !== -1) closeTo(open);
      }
      if (HEADINGS.has(name)) {
        const open = findOpen(HEADINGS, BLOCK_SCOPE);
        if (open !== -1) closeTo(open);
      }
      if (name === "li") {
        const open = findOpen("li", new Set(["ul", "ol", "td", "th", "blockquote", "table"]));
        if (open !== -1) closeTo(open);
      }
      if (name === "a") {
        const open = findOpen("a", NO_BOUNDARY);
        if (open !== -1) closeTo(open);
      }
      // Table parts outside a table are ignored; inside one they close the open cell or row.
      if (name === "thead" || name === "tbody") {
        const table = findOpen("table", NO_BOUNDARY);
        if (table === -1) continue;
        closeTo(table + 1);
      }
      if (name === "tr") {
        const table = findOpen("table", NO_BOUNDARY);
        if (table === -1) continue;
        const section = findOpen(new Set(["thead", "tbody"]), new Set(["table"]));
        closeTo(section !== -1 ? section + 1 : table + 1);
      }
      if (name === "td" || name === "th") {
        const row = findOpen("tr", new Set(["table"]));
        if (row === -1) continue;
        closeTo(row + 1);
      }
      if (name === "a") {
        const href = token.attributes.get("href");
        const safe = href === undefined ? null : safeRichTextHref(href);
        if (safe === null) continue;
        const mapped = options.mapHref ? options.mapHref(safe) : safe;
        out += `<a href="${escapeAttribute(mapped)}">`;
        stack.push("a");
        continue;
      }
      out += `<${name}>`;
      stack.push(name);
      continue;
    }
    // End tag: close up to the matching open element, ignore it when none is open.
    if (!ALLOWED.has(name) || VOID_ALLOWED.has(name)) continue;
    const open = stack.lastIndexOf(name);
    if (open === -1) continue;
    // Elements opened inside it and still open are closed with it, so the output stays balanced.
    closeTo(open);
  }
  closeTo(0);
  return out;
}

/** Named references decoded in text (the common ones of French and English texts). */
const TEXT_REFERENCES: Record<string, string> = {
  ...NAMED_REFERENCES,
  hellip: "…",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  euro: "€",
  copy: "©",
  reg: "®",
  deg: "°",
  middot: "·",
  bull: "•",
  times: "×",
  eacute: "é",
  egrave: "è",
  ecirc: "ê",
  euml: "ë",
  agrave: "à",
  aacute: "á",
  acirc: "â",
  auml: "ä",
  ccedil: "ç",
  icirc: "î",
  iuml: "ï",
  ocirc: "ô",
  ouml: "ö",
  ugrave: "ù",
  ucirc: "û",
  uuml: "ü",
  oelig: "œ",
  aelig: "æ",
  Eacute: "É",
  Egrave: "È",
  Ecirc: "Ê",
  Agrave: "À",
  Acirc: "Â",
  Ccedil: "Ç",
  Ocirc: "Ô",
  OElig: "Œ",
};

/** Decodes numeric and common named character references of a text. */
export function decodeHtmlText(text: string): string {
  return text.replace(
    /&(?:#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g,
    (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10));
      if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
      return TEXT_REFERENCES[name!] ?? TEXT_REFERENCES[name!.toLowerCase()] ?? whole;
    },
  );
}

/** Tags after which the text continues on a new line. */
const LINE_BREAKING = new Set([
  "br",
  "p",
  "div",
  "li",
  "ul",
  "ol",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "tr",
  "table",
  "section",
  "article",
  "pre",
]);

/**
 * The text of some HTML, for excerpts (cards, meta descriptions, blog lists): tags, comments and
 * the content of script-like elements removed, references decoded, whitespace collapsed to single
 * spaces (a block boundary counts as one). Plain text for React to escape, never HTML.
 */
export function htmlToText(input: string | null | undefined): string {
  if (typeof input !== "string" || input === "") return "";
  const parts: string[] = [];
  let dropping: { name: string; depth: number } | null = null;
  for (const token of tokenize(input)) {
    if (dropping) {
      if (token.kind === "start" && token.name === dropping.name) dropping.depth++;
      if (token.kind === "end" && token.name === dropping.name && --dropping.depth === 0) {
        dropping = null;
      }
      continue;
    }
    if (token.kind === "text") parts.push(decodeHtmlText(token.text));
    else if (token.kind === "start" && DROP_SUBTREE.has(token.name)) {
      dropping = { name: token.name, depth: 1 };
    } else if (token.kind === "start" && token.name === "td") parts.push(" ");
    else if (LINE_BREAKING.has(token.name)) parts.push(" ");
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}
