/**
 * Liquid written in the console's rich editor arrives as HTML: the editor escapes the text it
 * holds, so `{% if cart.outstanding_amount_minor > 0 %}` is saved as `… &gt; 0 %}` and a space
 * typed twice as `&nbsp;`. Inside Liquid's delimiters these are the characters the organiser
 * typed, not HTML: this gives them back, leaving every other part of the HTML as it is.
 */

const ENTITIES: Record<string, string> = {
  "&gt;": ">",
  "&lt;": "<",
  "&amp;": "&",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
  "&nbsp;": " ",
  "&#160;": " ",
};

const ENTITY = /&(?:gt|lt|amp|quot|nbsp|#39|#x27|#160);/g;

/** Liquid's output `{{ … }}` and tag `{% … %}` delimiters, shortest match, across lines. */
const MARKUP = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;

export function plainLiquidMarkup(html: string): string {
  return html.replace(MARKUP, (markup) =>
    markup.replace(ENTITY, (entity) => ENTITIES[entity] ?? entity).replaceAll("\u00a0", " "),
  );
}
