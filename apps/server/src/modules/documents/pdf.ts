import type { DocumentElementAlign, DocumentElementContent } from "@booking/domain";
import { Document, Font, Image, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { createElement as h, type ReactElement } from "react";
import type { ImageLoader } from "./images.ts";

// The PDF of a prepared document, drawn with @react-pdf/renderer (React elements built with
// createElement: the server runs TypeScript without a JSX step). Each element is placed
// absolutely at its x, y points from the page's top-left corner.
//
// Texts use the PDF standard fonts (Helvetica), which every reader has and which need no font
// file: they write the Windows-1252 characters (French and English text, €, typographic quotes
// and dashes). Other characters are written without their accents when they have one, else "?"
// (pdfText).

export type PreparedElement = {
  content: DocumentElementContent;
  x: number;
  y: number;
  width: number | null;
  align: DocumentElementAlign;
  fontSize: number;
  bold: boolean;
  color: string;
};

export type PreparedPage = {
  size: "A4" | "LETTER";
  orientation: "portrait" | "landscape";
  /** a picture drawn under the elements over the whole page */
  background: string | null;
  elements: PreparedElement[];
};

export type PreparedDocument = {
  /** the PDF's title and the download's file name (without .pdf) */
  title: string;
  filename: string;
  /** the organiser, as the PDF's author */
  author: string;
  language: string;
  pages: PreparedPage[];
  /** the storage paths of the organiser's uploaded pictures it shows, by cuid (uploads.ts) */
  uploads: Record<string, string>;
};

// Words are wrapped whole: the default hyphenation would split names and amounts.
Font.registerHyphenationCallback((word) => [word]);

const EXTRA_WIN_ANSI = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (
    char === "\n" ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    EXTRA_WIN_ANSI.has(char)
  );
}

/**
 * A text the standard fonts can write: the narrow and thin spaces Intl puts in French numbers
 * become no-break spaces, other characters lose their accents or become "?".
 */
export function pdfText(text: string): string {
  let out = "";
  for (const char of text.replace(/\r\n?/g, "\n")) {
    if (isWinAnsi(char)) {
      out += char;
    } else if (/[\u2000-\u200a\u202f\u205f]/.test(char)) {
      out += "\u00a0";
    } else if (/[\u2010\u2011]/.test(char)) {
      out += "-";
    } else {
      const plain = char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += [...plain].every(isWinAnsi) && plain !== "" ? plain : "?";
    }
  }
  return out;
}

function drawElement(
  element: PreparedElement,
  key: number,
  images: Map<string, Awaited<ReturnType<ImageLoader>>>,
): ReactElement | null {
  const box = { position: "absolute" as const, left: element.x, top: element.y };
  if (element.content.kind === "text") {
    return h(
      Text,
      {
        key,
        style: {
          ...box,
          ...(element.width === null ? {} : { width: element.width, textAlign: element.align }),
          fontFamily: element.bold ? "Helvetica-Bold" : "Helvetica",
          fontSize: element.fontSize,
          color: element.color,
          lineHeight: 1.3,
        },
      },
      pdfText(element.content.text),
    );
  }
  if (element.content.kind === "image") {
    const image = images.get(element.content.src);
    if (!image) return null;
    return h(Image, {
      key,
      src: image,
      style: { ...box, width: element.content.width, height: element.content.height },
    });
  }
  return null;
}

function drawBackground(
  src: string | null,
  images: Map<string, Awaited<ReturnType<ImageLoader>>>,
): ReactElement | null {
  const image = src ? images.get(src) : null;
  if (!image) return null;
  return h(Image, {
    src: image,
    style: { position: "absolute", left: 0, top: 0, width: "100%", height: "100%" },
  });
}

/** The PDF bytes of a prepared document; pictures that cannot be loaded are left out. */
export async function renderDocumentPdf(
  prepared: PreparedDocument,
  loadImage: ImageLoader,
): Promise<Buffer> {
  const sources = new Set<string>();
  for (const page of prepared.pages) {
    if (page.background) sources.add(page.background);
    for (const element of page.elements) {
      if (element.content.kind === "image") sources.add(element.content.src);
    }
  }
  const images = new Map(
    await Promise.all([...sources].map(async (src) => [src, await loadImage(src)] as const)),
  );
  const document = h(
    Document,
    {
      title: pdfText(prepared.title),
      author: pdfText(prepared.author),
      creator: pdfText(prepared.author),
      producer: "Booking platform",
      language: prepared.language,
    },
    prepared.pages.map((page, index) =>
      h(
        Page,
        { key: index, size: page.size, orientation: page.orientation },
        h(
          View,
          { style: { position: "relative", width: "100%", height: "100%" } },
          drawBackground(page.background, images),
          page.elements.map((element, key) => drawElement(element, key, images)),
        ),
      ),
    ),
  );
  return renderToBuffer(document);
}
