import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  parseHexColour,
  whiteTextContrast,
} from "../../src/website/colour-contrast.ts";

describe("colour contrast (WCAG 2)", () => {
  it("gives 21 for black on white and 1 for a colour against itself", () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([230, 126, 34], [230, 126, 34])).toBe(1);
  });

  it("matches the ratios of reference tools for white text", () => {
    // WebAIM's contrast checker: #767676 on white 4.54 (the lightest AA grey), #777777 4.47.
    expect(whiteTextContrast("#767676")).toBe(4.54);
    expect(whiteTextContrast("#777777")).toBe(4.47);
    expect(whiteTextContrast("#000000")).toBe(21);
    expect(whiteTextContrast("#FFFFFF")).toBe(1);
  });

  it("rounds down, so a ratio just below 4.5 never reads as 4.5", () => {
    const ratio = contrastRatio(parseHexColour("#767677")!, [255, 255, 255]);
    expect(whiteTextContrast("#767677")).toBeLessThanOrEqual(ratio);
  });

  it("reads only #RRGGBB", () => {
    expect(parseHexColour("#fff")).toBeNull();
    expect(parseHexColour("red")).toBeNull();
    expect(whiteTextContrast("#12345")).toBeNull();
    expect(parseHexColour("#0A0b0C")).toEqual([10, 11, 12]);
  });
});
