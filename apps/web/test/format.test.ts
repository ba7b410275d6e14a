import { describe, expect, it } from "vitest";
import { createFormatters } from "../app/lib/format";

describe("date range labels", () => {
  const start = "2026-07-06T07:00:00.000Z";
  const end = "2026-07-06T14:00:00.000Z";

  it("are kept per language and time zone: the same instants read differently elsewhere", () => {
    const brussels = createFormatters("fr", "Europe/Brussels", "EUR");
    const london = createFormatters("fr", "Europe/London", "EUR");
    const english = createFormatters("en", "Europe/Brussels", "EUR");
    expect(brussels.dateRange(start, end)).toBe("lun. 6 juil. 2026, 9:00–16:00");
    expect(london.dateRange(start, end)).toBe("lun. 6 juil. 2026, 8:00–15:00");
    expect(english.dateRange(start, end)).toBe("Mon 6 Jul 2026, 9:00–16:00");
    // Asked again (a kept label), with a Date instead of a string: the same text.
    expect(brussels.dateRange(new Date(start), new Date(end))).toBe(
      "lun. 6 juil. 2026, 9:00–16:00",
    );
  });

  it("span several days with the year once", () => {
    const format = createFormatters("fr", "Europe/Brussels", "EUR");
    expect(format.dateRange("2026-07-06T07:00:00Z", "2026-07-10T14:00:00Z")).toBe(
      "lun. 6 juil. – ven. 10 juil. 2026, 9:00–16:00",
    );
  });
});

describe("percentages", () => {
  it("are spelled in each language from hundredths of the whole", () => {
    const fr = createFormatters("fr", "Europe/Brussels", "EUR");
    const en = createFormatters("en", "Europe/London", "GBP");
    expect(fr.percent(12.5)).toBe("12,5\u00a0%");
    expect(fr.percent(10)).toBe("10\u00a0%");
    expect(en.percent(12.5)).toBe("12.5%");
    expect(en.percent(33.333)).toBe("33.33%");
  });
});
