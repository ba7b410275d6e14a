import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  findUnsafeInput,
  isSafeText,
  MAX_REQUEST_DEPTH,
  MAX_REQUEST_INTEGER,
} from "../src/index.ts";

describe("the request-input rule", () => {
  it("accepts any well-formed text without NUL, accents and emoji included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(isSafeText(text.replaceAll("\u0000", ""))).toBe(true);
      }),
    );
    expect(isSafeText("Léa 👩‍👧 – été")).toBe(true);
  });

  it("refuses a NUL or a lone surrogate anywhere in a text", () => {
    const bad = fc.constantFrom("\u0000", "\uD800", "\uDBFF", "\uDC00", "\uDFFF");
    fc.assert(
      fc.property(fc.string(), bad, fc.string(), (before, character, after) => {
        // A high half followed by a low one would be a pair: keep the bad one alone.
        const text = `${before.replace(/[\uD800-\uDFFF]/g, "")}${character}x${after.replace(/[\uD800-\uDFFF]/g, "")}`;
        expect(isSafeText(text)).toBe(false);
      }),
    );
  });

  it("names the first offending value of a body by its path, keys included", () => {
    expect(findUnsafeInput({ a: [1, { b: "ok\u0000" }] })).toEqual({
      path: "a.1.b",
      code: "INVALID_CHARACTERS",
    });
    expect(findUnsafeInput({ "k\uD800": 1 })).toEqual({
      path: "k\uD800",
      code: "INVALID_CHARACTERS",
    });
    expect(findUnsafeInput({ amount: MAX_REQUEST_INTEGER + 1 })).toEqual({
      path: "amount",
      code: "TOO_BIG",
    });
    expect(findUnsafeInput([-MAX_REQUEST_INTEGER - 1])).toEqual({ path: "0", code: "TOO_SMALL" });
    expect(findUnsafeInput({ x: 1e308 })).toEqual({ path: "x", code: "TOO_BIG" });
    expect(
      findUnsafeInput({ amount: MAX_REQUEST_INTEGER, name: "Zoé", tags: [null, true, 1.5] }),
    ).toBeNull();
  });

  it("refuses nesting deeper than MAX_REQUEST_DEPTH, however deep, without exhausting the stack", () => {
    const nested = (depth: number) => {
      let value: unknown = "leaf";
      for (let level = 0; level < depth; level += 1) value = { children: [value] };
      return value;
    };
    expect(findUnsafeInput(nested(MAX_REQUEST_DEPTH / 2))).toBeNull();
    expect(findUnsafeInput(nested(MAX_REQUEST_DEPTH))?.code).toBe("TOO_BIG");
    expect(findUnsafeInput(nested(100_000))?.code).toBe("TOO_BIG");
  });
});
