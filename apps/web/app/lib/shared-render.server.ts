import { createHash } from "node:crypto";
import type { EntryContext } from "react-router";
import { acceptsGzip, type DeflatedPieces, deflatePieces, gzipPieces } from "./gzip-pieces.server";
import { MARKER, MARKER_PREFIXES, type OwnValues } from "./own-values";

/**
 * A logged-in customer's page from a render shared with every customer whose page has the same
 * shape (decision 0058). The loaders ran for this request and marked the customer's own values
 * (own-values.ts); the page is rendered once per shape — its URL and its marked loader data, so
 * any other difference, public or the customer's, makes another shape — and each reader gets the
 * render with its own values, escaped as React and React Router escape them, put where the
 * markers are.
 */

/** Where a render is cut: a marker (in the markup or in the loader data's script), the nonce. */
type Slot = { marker: string; script: boolean } | typeof NONCE;
const NONCE = Symbol("nonce");
/** A render cut where the markers and the nonce are. */
type Piece = string | Slot;
/**
 * A render's pieces as they are kept: the text between slots already in UTF-8, so that each page
 * only encodes its reader's values and is handed on as one buffer (decision 0099: a page's
 * `new Response(text)` encoded and copied the whole document again, about 0.3 ms each).
 */
type Encoded = Buffer | Slot;

interface Template {
  pieces: Encoded[];
  bytes: number;
  expires: number;
}

/** Renders are kept for a minute at most (what "now" a render reads stays that close). */
const TEMPLATE_TTL_MS = 60_000;
const TEMPLATE_BYTES = 32 * 1024 * 1024;
const templates = new Map<string, Template>();
let templateBytes = 0;
/** A kept render's pieces deflated once (decision 0108), from when that is done. */
const deflatedOf = new WeakMap<readonly Encoded[], DeflatedPieces>();

const byteLength = (pieces: ReadonlyArray<unknown>) =>
  pieces.reduce<number>((total, piece) => total + (Buffer.isBuffer(piece) ? piece.length : 64), 0);

function keep(key: string, pieces: Encoded[]): void {
  const template = { pieces, bytes: byteLength(pieces), expires: Date.now() + TEMPLATE_TTL_MS };
  const old = templates.get(key);
  if (old) templateBytes -= old.bytes;
  templates.delete(key);
  templates.set(key, template);
  templateBytes += template.bytes;
  // Without its deflated pieces a kept render is still answered, compressed for each reader.
  deflatePieces(pieces).then(
    (deflated) => {
      if (templates.get(key) !== template) return;
      deflatedOf.set(pieces, deflated);
      const bytes = byteLength(deflated);
      template.bytes += bytes;
      templateBytes += bytes;
    },
    (error: unknown) => console.warn("[shared render] pieces not deflated", error),
  );
  // The oldest first, as a Map iterates in insertion order.
  for (const [oldest, entry] of templates) {
    if (templateBytes <= TEMPLATE_BYTES) break;
    templates.delete(oldest);
    templateBytes -= entry.bytes;
  }
}

function cached(key: string): Template | null {
  const template = templates.get(key);
  if (!template) return null;
  if (template.expires > Date.now()) return template;
  templates.delete(key);
  templateBytes -= template.bytes;
  return null;
}

/**
 * The shape of the page: null when its render cannot be shared (an error, a route that did not
 * opt in, data that is not plain JSON such as a deferred promise).
 */
function shapeKey(request: Request, status: number, context: EntryContext, nonce: string) {
  const state = context.staticHandlerContext;
  if (status !== 200 || state.errors || state.actionData) return null;
  const optedIn = state.matches.every(
    (match) =>
      match.route.id === "root" ||
      (context.routeModules[match.route.id]?.handle as { sharedRender?: boolean } | undefined)
        ?.sharedRender === true,
  );
  if (!optedIn) return null;
  let json: string;
  try {
    json = JSON.stringify(state.loaderData, (_key, value: unknown) => {
      if (value instanceof Promise) throw new Error("deferred data");
      return value;
    });
  } catch {
    return null;
  }
  return createHash("sha256")
    .update(request.url)
    .update("\n")
    .update(nonce ? json.split(nonce).join("") : json)
    .digest("base64url");
}

/** React Router writes the loader data in scripts that begin so (its StreamTransfer). */
const STREAM_SCRIPT = "window.__reactRouterContext.streamController.enqueue(";

/** Where the document's scripts' contents are, and which hold the loader data. */
function scriptRanges(html: string): Array<{ start: number; end: number; stream: boolean }> {
  const ranges = [];
  for (const found of html.matchAll(/<script\b[^>]*>/g)) {
    const start = found.index + found[0].length;
    const end = html.indexOf("</script>", start);
    ranges.push({ start, end, stream: html.startsWith(STREAM_SCRIPT, start) });
  }
  return ranges;
}

/**
 * A render cut into pieces at the nonce and the markers; null when some marker is not whole (a
 * component cut or changed a value), or stands in a script other than the loader data's.
 */
export function cut(html: string, nonce: string): Piece[] | null {
  const scripts = scriptRanges(html);
  const pattern = nonce
    ? new RegExp(`${nonce.replace(/[^\w]/g, "\\$&")}|${MARKER.source}`, "g")
    : new RegExp(MARKER.source, "g");
  const pieces: Piece[] = [];
  let last = 0;
  for (const found of html.matchAll(pattern)) {
    pieces.push(html.slice(last, found.index));
    last = found.index + found[0].length;
    if (found[0] === nonce) {
      pieces.push(NONCE);
      continue;
    }
    const script = scripts.find(({ start, end }) => found.index >= start && found.index < end);
    if (script && !script.stream) return null;
    pieces.push({ marker: found[0], script: Boolean(script) });
  }
  pieces.push(html.slice(last));
  const leftover = pieces.some(
    (piece) =>
      typeof piece === "string" &&
      MARKER_PREFIXES.some((prefix) => piece.toLowerCase().includes(prefix)),
  );
  return leftover ? null : pieces;
}

/** React's escaping of text and attribute values. */
const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};
/** React Router's escaping of the loader data's script (escapeHtml in its ssr/markup). */
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  "<": "\\u003c",
  ">": "\\u003e",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const jsonText = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * A value as it is written where its marker stood: in the markup as React writes text; in the
 * loader data's script a string is JSON (turbo-stream) in a JSON string (the script's argument).
 */
function written(value: string | number, script: boolean): string {
  if (typeof value === "number") return String(value);
  if (!script) return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
  return jsonText(jsonText(value)).replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}

const isSlot = (piece: unknown): piece is Slot =>
  piece === NONCE || (typeof piece === "object" && piece !== null && "marker" in piece);

/** Each piece of a render as this reader gets it: its slots filled with `text(what goes there)`. */
function readerPieces<T>(
  pieces: ReadonlyArray<T | Slot>,
  values: OwnValues,
  nonce: string,
  text: (written: string) => T,
): T[] {
  return pieces.map((piece) => {
    if (!isSlot(piece)) return piece;
    if (piece === NONCE) return text(nonce);
    const value = values.byMarker.get(piece.marker);
    // A shape is its marked data: every reader of a render has a value for each of its markers.
    if (value === undefined) throw new Error("a shared render's marker without its value");
    return text(written(value, piece.script));
  });
}

/** The pieces of a render with this reader's nonce and values. */
export function fill(pieces: readonly Piece[], values: OwnValues, nonce: string): string {
  return readerPieces(pieces, values, nonce, (text) => text).join("");
}

/** `cut`'s pieces as they are kept: their texts in UTF-8. */
function encoded(pieces: readonly Piece[] | null): Encoded[] | null {
  if (!pieces) return null;
  return pieces.map((piece) => (typeof piece === "string" ? Buffer.from(piece) : piece));
}

/**
 * A page's body of one chunk (a Response made from bytes would copy them once more): gzip spliced
 * from the render's deflated pieces when it has them and the reader accepts gzip, else the page as
 * it is (compressed by the server for this reader).
 */
function body(
  pieces: readonly Encoded[],
  values: OwnValues,
  nonce: string,
  deflated: DeflatedPieces | undefined,
) {
  const own = readerPieces(pieces, values, nonce, (text) => Buffer.from(text));
  const page = deflated ? gzipPieces(deflated, own) : Buffer.concat(own);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(page);
      controller.close();
    },
  });
}

/** `data` with every marker of `values` replaced by the value it stands for. */
function unmarked(data: unknown, values: OwnValues): unknown {
  if (typeof data === "string" || typeof data === "number") {
    return values.byMarker.get(String(data)) ?? data;
  }
  if (Array.isArray(data)) return data.map((item) => unmarked(item, values));
  if (data && typeof data === "object" && Object.getPrototypeOf(data) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(data).map(([key, value]) => [key, unmarked(value, values)]),
    );
  }
  return data;
}

/** Renders under way, by shape: the pages of a rush wait for the first instead of each rendering. */
const rendering = new Map<string, Promise<Encoded[] | null>>();

/** Rounds a reader waits for renders of its shape that fail before rendering it itself. */
const WAIT_ROUNDS = 3;

/**
 * The shape's kept render, else the one under way, else `renderShape()` (which registers itself
 * as under way before this returns, so that readers arriving in the same tick wait for it). When
 * the render under way fails (aborted after the stream's timeout on a saturated machine), the
 * first of its readers to go on renders the shape again and the others wait for that one:
 * otherwise each reader of a rush would render the page itself, saturating the machine further.
 */
async function sharedPieces(
  key: string,
  renderShape: () => Promise<Encoded[] | null>,
): Promise<Encoded[] | null> {
  for (let round = 0; ; round++) {
    const kept = cached(key);
    if (kept) return kept.pieces;
    const underWay = rendering.get(key);
    if (!underWay || round === WAIT_ROUNDS) return renderShape();
    const pieces = await underWay.catch(() => null);
    if (pieces) return pieces;
  }
}

export async function sharedRender(args: {
  request: Request;
  status: number;
  headers: Headers;
  context: EntryContext;
  nonce: string;
  values: OwnValues;
  /** the whole document, rendered with this context */
  render(context: EntryContext): Promise<string>;
}): Promise<Response> {
  const { request, status, headers, context, nonce, values } = args;
  headers.set("Content-Type", "text/html; charset=utf-8");
  const gzip = acceptsGzip(request.headers.get("accept-encoding"));
  const respond = (pieces: readonly Encoded[]) => {
    const deflated = gzip ? deflatedOf.get(pieces) : undefined;
    if (deflated) {
      headers.set("Content-Encoding", "gzip");
      headers.append("Vary", "Accept-Encoding");
    }
    return new Response(body(pieces, values, nonce, deflated), { status, headers });
  };
  const key = shapeKey(request, status, context, nonce);
  // This request's render, when it renders: with a second reader of React Router's encoding, for
  // the render below the first one may need.
  const mine: { rendered: boolean; spare?: ReadableStream<Uint8Array> } = { rendered: false };
  const renderShape = () => {
    const [first, spare] = context.serverHandoffStream
      ? context.serverHandoffStream.tee()
      : [undefined, undefined];
    const render = args
      .render({ ...context, serverHandoffStream: first, renderMeta: {} })
      .then((html) => encoded(cut(html, nonce)));
    mine.rendered = true;
    mine.spare = spare;
    if (key) {
      rendering.set(key, render);
      const done = () => {
        if (rendering.get(key) === render) rendering.delete(key);
      };
      render.then(done, done);
    }
    return render;
  };
  const pieces = await (key ? sharedPieces(key, renderShape) : renderShape());
  if (pieces) {
    if (mine.rendered) {
      void mine.spare?.cancel().catch(() => {});
      if (key) keep(key, pieces);
    } else {
      // The loader data is in the kept render: React Router's own encoding of it is not read.
      void context.serverHandoffStream?.cancel().catch(() => {});
    }
    return respond(pieces);
  }
  // A component changed a marker: the markup is rendered from the customer's own data and only
  // the loader data's script (written by React Router, which keeps markers whole) filled in.
  console.warn(`[shared render] a marker was changed in ${new URL(request.url).pathname}`);
  const loaderData = unmarked(context.staticHandlerContext.loaderData, values);
  const own = {
    ...context,
    staticHandlerContext: { ...context.staticHandlerContext, loaderData },
    serverHandoffStream: mine.spare,
    renderMeta: {},
  } as EntryContext;
  const ownPieces = encoded(cut(await args.render(own), nonce));
  if (!ownPieces) throw new Error("a marker outside the loader data's script");
  return respond(ownPieces);
}
