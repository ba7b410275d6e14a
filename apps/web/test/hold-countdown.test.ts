import { describe, expect, it } from "vitest";
import { holdEndingSoon, holdRemaining } from "../app/lib/hold-countdown";

const at = "2026-11-27T10:15:00.000Z";
const before = (ms: number) => Date.parse(at) - ms;

describe("holdRemaining (cart drawer and checkout countdown from expires_at)", () => {
  it("reads minutes and seconds", () => {
    expect(holdRemaining(at, before(15 * 60_000))).toBe("15:00");
    expect(holdRemaining(at, before(14 * 60_000 + 5_000))).toBe("14:05");
    expect(holdRemaining(at, before(9_000))).toBe("0:09");
  });

  it("rounds a started second up, so it never shows 0:00 while the places are still held", () => {
    expect(holdRemaining(at, before(400))).toBe("0:01");
  });

  it("reads hours past an hour, and 0:00 once expired", () => {
    expect(holdRemaining(at, before(3_723_000))).toBe("1:02:03");
    expect(holdRemaining(at, before(-5_000))).toBe("0:00");
  });

  it("asks for attention under two minutes", () => {
    expect(holdEndingSoon(at, before(121_000))).toBe(false);
    expect(holdEndingSoon(at, before(119_000))).toBe(true);
  });
});
