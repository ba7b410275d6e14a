import { describe, expect, it } from "vitest";
import { hasPassed, instantTime, isInFuture, nowTime, toInstant } from "../src/index.ts";

describe("toInstant", () => {
  it.each([
    ["2026-03-29T10:00:00Z", "2026-03-29T10:00:00.000Z"],
    ["2026-03-29T10:00:00.000000Z", "2026-03-29T10:00:00.000Z"],
    ["2026-03-29T10:00:00.123456Z", "2026-03-29T10:00:00.123Z"],
    ["2026-03-29T10:00:00.5Z", "2026-03-29T10:00:00.500Z"],
    ["2026-03-29T10:00Z", "2026-03-29T10:00:00.000Z"],
    ["2026-03-29T12:00:00+02:00", "2026-03-29T10:00:00.000Z"],
    ["2026-03-29T12:00:00+0200", "2026-03-29T10:00:00.000Z"],
    ["2026-03-29 12:00:00+02", "2026-03-29T10:00:00.000Z"],
    ["2026-03-29T05:30:00-04:30", "2026-03-29T10:00:00.000Z"],
    ["2026-03-29t10:00:00z", "2026-03-29T10:00:00.000Z"],
    [" 2026-03-29T10:00:00Z ", "2026-03-29T10:00:00.000Z"],
    ["2026-03-29T24:00:00Z", "2026-03-30T00:00:00.000Z"],
    ["2024-02-29T00:00:00+01:00", "2024-02-28T23:00:00.000Z"],
  ])("%j → %s", (input, expected) => {
    expect(toInstant(input).toISOString()).toBe(expected);
  });

  it.each([
    "2026-03-29T10:00:00", // no offset: host-dependent
    "2026-03-29",
    "2026-02-30T10:00:00Z",
    "2026-13-01T10:00:00Z",
    "2026-03-29T25:00:00Z",
    "2026-03-29T24:00:01Z",
    "2026-03-29T10:60:00Z",
    "2026-03-29T10:00:60Z",
    "2026-03-29T10:00:00+24:00",
    "yesterday",
    "",
  ])("rejects %j", (input) => {
    expect(() => toInstant(input)).toThrow(RangeError);
  });

  it("copies a Date and rejects an invalid one", () => {
    const date = new Date("2026-03-29T10:00:00Z");
    expect(toInstant(date)).toEqual(date);
    expect(toInstant(date)).not.toBe(date);
    expect(() => toInstant(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => toInstant(42 as unknown as string)).toThrow(RangeError);
  });
});

describe("hasPassed / isInFuture", () => {
  const now = new Date("2026-06-15T10:00:00.000Z");
  it.each([
    [new Date("2026-06-15T09:59:59.999Z"), true],
    [new Date("2026-06-15T10:00:00.000Z"), true],
    ["2026-06-15T12:00:00+02:00", true],
    [new Date("2026-06-15T10:00:00.001Z"), false],
    ["2026-06-15T10:00:00.001Z", false],
  ] as [Date | string, boolean][])("%s passed: %j", (at, passed) => {
    expect(hasPassed(at, now)).toBe(passed);
    expect(isInFuture(at, now)).toBe(!passed);
  });

  it("checks now", () => {
    expect(() => nowTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(instantTime("1970-01-01T00:00:00Z")).toBe(0);
  });
});
