import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OwnValues } from "../app/lib/own-values";
import { cut, fill } from "../app/lib/shared-render.server";

/**
 * A logged-in page rendered once with markers and filled in with each reader's values (decision
 * 0058) must be, byte for byte, the page rendered with that reader's values: in the markup as
 * React escapes text and attributes, in the loader data's script as React Router writes it.
 */

const NAMES = ["Léa", `O'Brien & <Fils> "Jr"`, "Zoë\u2028Ünal \\ / </script>", ""];

/** React Router's loader-data script of `data` (its StreamTransfer, turbo-stream strings). */
function streamScript(data: unknown[]): string {
  const escaped = JSON.stringify(JSON.stringify(data)).replace(
    /[&<>\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `<script nonce="N0NCE">window.__reactRouterContext.streamController.enqueue(${escaped});</script>`;
}

/** A page with a name in text, an attribute and the loader data, and an id in an attribute. */
function page(name: string, id: number): string {
  const markup = renderToString(
    createElement(
      "label",
      { "aria-label": `Compte de ${name}`, "data-id": id },
      name,
      createElement("option", { value: String(id) }, name),
    ),
  );
  return `<html><body nonce="N0NCE">${markup}${streamScript([{ id, name }, "nonce", "N0NCE"])}</body></html>`;
}

describe("shared renders of logged-in pages", () => {
  it("fill each reader's page with that reader's values, escaped as a render would", () => {
    const first = new OwnValues();
    const template = cut(page(first.text(NAMES[0]!), first.id(12)), "N0NCE");
    expect(template).not.toBeNull();
    NAMES.forEach((name, i) => {
      const values = new OwnValues();
      // The same shape: the same markers, in the same order.
      expect(values.text(name)).toBe(first.text(NAMES[0]!));
      expect(values.id(1000 + i)).toBe(first.id(12));
      expect(fill(template!, values, `nonce-${i}`)).toBe(
        page(name, 1000 + i).replaceAll("N0NCE", `nonce-${i}`),
      );
    });
  });

  it("are not shared when a component changed a marker or put one in another script", () => {
    const values = new OwnValues();
    const marker = values.text("Léa");
    expect(cut(`<p>${marker.slice(0, 8)}</p>`, "N0NCE")).toBeNull();
    expect(cut(`<p>${marker.toUpperCase()}</p>`, "N0NCE")).toBeNull();
    expect(cut(`<script type="application/ld+json">"${marker}"</script>`, "N0NCE")).toBeNull();
    expect(cut(`<p>${marker}</p>`, "N0NCE")).not.toBeNull();
  });

  it("never give a marker of one request the value of another's", () => {
    const a = new OwnValues();
    const b = new OwnValues();
    const template = cut(`<p>${a.text("Alice")} ${a.text("Alice Martin")}</p>`, "N0NCE")!;
    b.text("Bob");
    // b marked one value where a marked two: b's page is another shape, never filled from a's.
    expect(() => fill(template, b, "")).toThrow();
  });
});
