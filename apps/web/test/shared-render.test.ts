import { gunzipSync } from "node:zlib";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { OwnValues } from "../app/lib/own-values";
import { cut, fill, sharedRender } from "../app/lib/shared-render.server";

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

/** A page whose root loader data holds `marker`: the same shape for every reader. */
function rootShape(marker: string): EntryContext {
  return {
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }],
      loaderData: { root: { name: marker } },
      errors: null,
      actionData: null,
    },
    routeModules: {},
  } as unknown as EntryContext;
}

/** The page of `url`'s shape `context` for a reader named `name`. */
function readShared(options: {
  url: string;
  context: EntryContext;
  name: string;
  nonce: string;
  acceptEncoding?: string;
  render(): Promise<string>;
}): Promise<Response> {
  const values = new OwnValues();
  values.text(options.name);
  const headers: Record<string, string> = options.acceptEncoding
    ? { "accept-encoding": options.acceptEncoding }
    : {};
  return sharedRender({
    request: new Request(options.url, { headers }),
    status: 200,
    headers: new Headers(),
    context: options.context,
    nonce: options.nonce,
    values,
    render: options.render,
  });
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

  it("are rendered once more, not once per reader, when the render under way fails", async () => {
    // The same shape for every reader: the root route's loader data with its marker.
    const marker = new OwnValues().text("Léa");
    const context = rootShape(marker);
    let renders = 0;
    const render = async () => {
      renders += 1;
      const first = renders === 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      // The first render is aborted (the stream's timeout on a saturated machine).
      if (first) throw new Error("aborted");
      return `<p>${marker}</p>`;
    };
    const names = Array.from({ length: 8 }, (_, i) => `Parent ${i}`);
    const pages = names.map((name) =>
      readShared({
        url: "http://demo.localhost/availabilities/rush-failed-render",
        context,
        name,
        nonce: "",
        render,
      }).then((response) => response.text()),
    );
    const answers = await Promise.allSettled(pages);
    expect(renders).toBe(2);
    expect(answers[0]!.status).toBe("rejected");
    answers.slice(1).forEach((answer, i) => {
      expect(answer).toEqual({ status: "fulfilled", value: `<p>${names[i + 1]}</p>` });
    });
  });

  it("answer a kept shape's readers in gzip spliced from its deflated pieces", async () => {
    const marker = new OwnValues().text("Léa");
    const context = rootShape(marker);
    const page = (name: string, nonce: string) =>
      `<html><body><p nonce="${nonce}">${name}</p>${"<li>Stage nature</li>".repeat(500)}</body></html>`;
    const read = (name: string, acceptEncoding: string) =>
      readShared({
        url: "http://demo.localhost/availabilities/rush-gzip",
        context,
        name,
        nonce: `nonce-${name}`,
        acceptEncoding,
        render: async () => page(marker, `nonce-${name}`),
      });
    // The first reader renders the shape; its pieces are deflated once, off the main thread.
    expect(await (await read("Léa", "gzip")).text()).toBe(page("Léa", "nonce-Léa"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const gzipped = await read(`O'Brien & <Fils>`, "gzip, deflate, br");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toBe("Accept-Encoding");
    const bytes = Buffer.from(await gzipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(1000);
    expect(gunzipSync(bytes).toString()).toBe(
      page("O&#x27;Brien &amp; &lt;Fils&gt;", `nonce-O'Brien & <Fils>`),
    );
    // A client that does not accept gzip gets the page as it is (the server compresses it).
    const plain = await read("Zoë", "br");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(page("Zoë", "nonce-Zoë"));
  });
});
