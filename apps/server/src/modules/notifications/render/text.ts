import { compile } from "html-to-text";

// The plain-text part of every e-mail, made from the rendered content: headings in capitals,
// links as "label [url]", tables as aligned rows. Lines are not wrapped (mail apps wrap them).

const toText = compile({
  wordwrap: false,
  selectors: [
    { selector: "img", format: "skip" },
    {
      selector: "table",
      format: "dataTable",
      // Cells are not wrapped either: a long date range stays on its line.
      options: { uppercaseHeaderCells: false, maxColumnWidth: 500 },
    },
    { selector: "h1", options: { uppercase: true } },
    { selector: "h2", options: { uppercase: true, leadingLineBreaks: 2, trailingLineBreaks: 1 } },
    { selector: "h3", options: { uppercase: false } },
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
  ],
});

export function plainText(html: string): string {
  return toText(html).trim();
}
