import { describe, expect, it } from "vitest";
import {
  filledAvailabilityStatus,
  filledDateStatus,
  minimumCapacity,
  placesAllTaken,
} from "../src/index.ts";

describe("placesAllTaken", () => {
  it("is true once registrations reach the capacity, never when unlimited", () => {
    expect(placesAllTaken({ capacity: 10, registered: 9 })).toBe(false);
    expect(placesAllTaken({ capacity: 10, registered: 10 })).toBe(true);
    expect(placesAllTaken({ capacity: 10, registered: 12 })).toBe(true);
    expect(placesAllTaken({ capacity: 0, registered: 0 })).toBe(true);
    expect(placesAllTaken({ capacity: null, registered: 500 })).toBe(false);
  });
});

describe("filledDateStatus", () => {
  it("makes an OPEN date FULL when its places are all taken, and a FULL one OPEN again when not", () => {
    expect(filledDateStatus({ status: "OPEN", capacity: 2, registered: 2 })).toBe("FULL");
    expect(filledDateStatus({ status: "FULL", capacity: 3, registered: 2 })).toBe("OPEN");
    expect(filledDateStatus({ status: "FULL", capacity: null, registered: 2 })).toBe("OPEN");
    expect(filledDateStatus({ status: "OPEN", capacity: 3, registered: 2 })).toBe("OPEN");
  });

  it("keeps CLOSED and OVERLAP whatever the places", () => {
    expect(filledDateStatus({ status: "CLOSED", capacity: 2, registered: 2 })).toBe("CLOSED");
    expect(filledDateStatus({ status: "CLOSED", capacity: 5, registered: 0 })).toBe("CLOSED");
    expect(filledDateStatus({ status: "OVERLAP", capacity: 1, registered: 1 })).toBe("OVERLAP");
  });
});

describe("filledAvailabilityStatus", () => {
  const full = { capacity: 2, registered: 2 };
  const room = { capacity: 2, registered: 1 };

  it("is FULL only when every date is full", () => {
    expect(filledAvailabilityStatus("OPEN", [full, full])).toBe("FULL");
    expect(filledAvailabilityStatus("OPEN", [full, room])).toBe("OPEN");
    expect(filledAvailabilityStatus("FULL", [full, room])).toBe("OPEN");
    expect(filledAvailabilityStatus("FULL", [{ capacity: null, registered: 9 }])).toBe("OPEN");
  });

  it("is OPEN without dates and never changes CLOSED", () => {
    expect(filledAvailabilityStatus("FULL", [])).toBe("OPEN");
    expect(filledAvailabilityStatus("CLOSED", [full])).toBe("CLOSED");
    expect(filledAvailabilityStatus("CLOSED", [room])).toBe("CLOSED");
  });
});

describe("minimumCapacity", () => {
  it("is the most places taken on one date, registrations and holds together", () => {
    expect(
      minimumCapacity([
        { registered: 3, held: 1 },
        { registered: 5, held: 0 },
        { registered: 2, held: 4 },
      ]),
    ).toBe(6);
  });

  it("is 0 without dates or places taken", () => {
    expect(minimumCapacity([])).toBe(0);
    expect(minimumCapacity([{ registered: 0, held: 0 }])).toBe(0);
  });
});
