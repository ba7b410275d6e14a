import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, deflatePieces, gzipPieces } from "../app/lib/gzip-pieces.server";

/** A slot in a list of pieces (anything that is not a Buffer). */
const SLOT = { slot: true };

describe("gzip spliced from deflated pieces", () => {
  it("is the gzip of the whole document, whatever fills its slots", async () => {
    const text = (n: number) => Buffer.from(`<p>Élément ${n}</p>`.repeat(200 + n));
    const pieces = [text(1), SLOT, text(2), SLOT, SLOT, text(3)];
    const deflated = await deflatePieces(pieces);
    expect(deflated.map((piece) => piece === null)).toEqual([
      false,
      true,
      false,
      true,
      true,
      false,
    ]);
    const fills = [
      ["Léa", "O'Brien & <Fils>", ""],
      ["", "", ""],
      // Longer than one stored block (65,535 bytes).
      ["x".repeat(70_000), "Zoë", "\u2028"],
    ];
    for (const [a, b, c] of fills) {
      const page = [text(1), Buffer.from(a!), text(2), Buffer.from(b!), Buffer.from(c!), text(3)];
      const gzip = gzipPieces(deflated, page);
      expect(gunzipSync(gzip).equals(Buffer.concat(page))).toBe(true);
    }
  });

  it("keeps the document small: its pieces are deflated, not stored", async () => {
    const page = [Buffer.from("<li>Stage nature</li>".repeat(5000)), Buffer.from("Léa")];
    const gzip = gzipPieces(await deflatePieces([page[0]!, SLOT]), page);
    expect(gzip.length).toBeLessThan(Buffer.concat(page).length / 20);
  });

  it("is answered only to clients that accept gzip", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("gzip;q=0, br")).toBe(false);
    expect(acceptsGzip("*, gzip;q=0")).toBe(false);
    expect(acceptsGzip("*;q=0")).toBe(false);
  });
});
