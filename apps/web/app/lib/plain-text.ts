import { htmlToText } from "@booking/domain/html";

/**
 * Plain text of stored HTML (meta descriptions, card excerpts): the domain's `htmlToText`, which
 * drops tags, comments and script-like content, decodes references and collapses whitespace.
 * The result is text for React to escape, never HTML.
 */
export function htmlToPlainText(html: string | null | undefined): string {
  return htmlToText(html);
}

/** At most `max` characters, cut at a word boundary with an ellipsis when longer. */
export function excerpt(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
