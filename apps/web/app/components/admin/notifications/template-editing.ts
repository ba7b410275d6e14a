import { safeRichTextHref } from "@booking/domain/html";
import { type AnyExtension, generateHTML, generateJSON } from "@tiptap/react";
import type { VariableSnippet } from "./variable-picker";

/**
 * The link rule of a template: the rich text's (https, mailto, tel, a site path) or a link
 * made from the data, which starts with a Liquid value (`{{ cart.url }}`, `{{ account.url }}#x`).
 */
export function templateHref(raw: string): string | null {
  const href = raw.trim();
  if (/^\{\{\s*[a-z_][\w.]*\s*\}\}[^\s"'<>]*$/i.test(href)) return href;
  return safeRichTextHref(href);
}

/** Puts a snippet where the input's cursor is (replacing the selection) and says what it made. */
export function insertIntoInput(
  input: HTMLInputElement | HTMLTextAreaElement,
  snippet: VariableSnippet,
): string {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const selected = input.value.slice(start, end);
  const text =
    snippet.kind === "value" ? snippet.text : `${snippet.open}\n${selected}\n${snippet.close}`;
  const value = input.value.slice(0, start) + text + input.value.slice(end);
  const caret = snippet.kind === "value" ? start + text.length : start + snippet.open.length + 1;
  requestAnimationFrame(() => {
    input.focus();
    input.setSelectionRange(caret, caret + (snippet.kind === "loop" ? selected.length : 0));
  });
  return value;
}

/** An element as compared: its name, the attributes that matter and its children. */
function shapeOf(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = (node.textContent ?? "").replace(/\s+/g, " ");
    return text.trim() === "" ? "" : text;
  }
  if (!(node instanceof Element)) return "";
  // The rich editor adds these to every link; they change nothing in an e-mail.
  const attributes = [...node.attributes]
    .filter((attribute) => attribute.name !== "target" && attribute.name !== "rel")
    .map((attribute) => `${attribute.name}="${attribute.value}"`)
    .sort()
    .join(" ");
  const children = [...node.childNodes].map(shapeOf).join("");
  // The editor wraps a list item's text in a paragraph, which changes nothing in an e-mail.
  const only = node.children.length === 1 ? node.children[0] : null;
  if (node.localName === "li" && only?.localName === "p" && node.childNodes.length === 1) {
    return `<li ${attributes}>${[...only.childNodes].map(shapeOf).join("")}</li>`;
  }
  return `<${node.localName} ${attributes}>${children}</${node.localName}>`;
}

function shapeOfHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return [...body.childNodes].map(shapeOf).join("").trim();
}

/**
 * Whether the rich editor can hold this HTML as it is: what it would save after opening it
 * shows the same elements, attributes and text. A default written with tables or classes (the
 * order summary) is edited as HTML instead, so that opening it never rewrites its layout.
 */
export function richEditorKeeps(html: string, extensions: AnyExtension[]): boolean {
  if (html.trim() === "") return true;
  try {
    const kept = generateHTML(generateJSON(html, extensions), extensions);
    return shapeOfHtml(kept) === shapeOfHtml(html);
  } catch {
    return false;
  }
}
