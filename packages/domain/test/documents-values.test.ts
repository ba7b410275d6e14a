import { describe, expect, it } from "vitest";
import {
  attendanceQrPayload,
  buildDocumentValues,
  DEFAULT_AGE_FORMATS,
  DOCUMENT_DATA_FIELDS,
  type DocumentElement,
  type DocumentFormat,
  type DocumentSource,
  isDocumentFieldPath,
  parseAttendanceQrPayload,
  parseDecimalText,
  renderTemplate,
  resolveDocumentElement,
  templatePaths,
} from "../src/index.ts";

const TZ = "Europe/Brussels";
const NOW = new Date("2026-11-21T12:00:00Z");
const FR: DocumentFormat = { locale: "fr-BE", currency: "EUR", timeZone: TZ };
const EN: DocumentFormat = { locale: "en-GB", currency: "EUR", timeZone: TZ };
const QR = "data:image/png;base64,iVBORw0KGgo=";

/** A five-day camp, Monday 16 to Friday 20 November 2026, 09:00 to 16:00 in Brussels (UTC+1). */
const campDates = [16, 17, 18, 19, 20].map((day) => ({
  start_at: `2026-11-${day}T08:00:00Z`,
  end_at: `2026-11-${day}T15:00:00Z`,
}));

function source(overrides: Partial<DocumentSource> = {}): DocumentSource {
  return {
    customer: {
      cuid: "c1",
      firstname: "Camille",
      lastname: "Dubois",
      email: "parent@demo.test",
      phone: "+32 470 12 34 56",
      created_at: "2026-01-10T10:00:00Z",
      custom_fields: [{ field_id: 4, type: "TEXT", value: "Rue des Bouleaux 14" }],
    },
    participant: {
      cuid: "p1",
      firstname: "Léa",
      lastname: "Dubois",
      birthdate: "2019-07-21",
      created_at: "2026-01-10T10:00:00Z",
      attendance_qr_code: QR,
      custom_fields: [{ field_id: 7, type: "DATE", value: "2026-03-01" }],
    },
    availability: {
      cuid: "a1",
      capacity: 16,
      registered: 12,
      start_at: campDates[0]!.start_at,
      end_at: campDates[4]!.end_at,
      dates: campDates,
      activity: { cuid: "act1", title: "Stage Nature & Cabanes" },
      location: {
        title: "Domaine du Bois-Joli",
        street: "Drève du Caporal",
        number: "11",
        city: "Watermael-Boitsfort",
        postcode: "1170",
      },
      collaborators: [
        {
          cuid: "co1",
          firstname: "Sarah",
          lastname: "Lambert",
          email: "sarah@demo.test",
          phone: null,
          created_at: "2026-01-01T10:00:00Z",
        },
        {
          cuid: "co2",
          firstname: "Tom",
          lastname: "Maes",
          email: "tom@demo.test",
          phone: "+32 470 00 00 01",
          created_at: "2026-01-02T10:00:00Z",
        },
      ],
    },
    registration: {
      cuid: "r1",
      reference: "+++090/0000/00197+++",
      deposit_amount: 5_000,
      total_amount: 16_500,
      created_at: "2026-10-01T09:30:00Z",
      dates: campDates,
      bundle: null,
    },
    document: { cuid: "d1", created_at: "2026-11-21T12:00:00Z" },
    custom_fields: [],
    ...overrides,
  };
}

const values = (overrides: Partial<DocumentSource> = {}) =>
  buildDocumentValues(source(overrides), {
    timeZone: TZ,
    now: NOW,
    ageFormats: DEFAULT_AGE_FORMATS,
  });

function element(
  type: DocumentElement["type"],
  data: string,
  settings: DocumentElement["settings"] = {},
  payload: Partial<DocumentElement["payload"]> = {},
) {
  return { type, payload: { data, ...payload }, settings };
}

describe("data fields", () => {
  it("gives every static field of the catalogue a value of its kind", () => {
    const built = values({
      registration: {
        ...source().registration,
        bundle: {
          cuid: "b1",
          title: "Carte 10 séances",
          total_amount: 12_000,
          capacity: 10,
          expires_at: "2027-05-01T00:00:00Z",
          created_at: "2026-09-01T00:00:00Z",
        },
      },
    });
    for (const [path, kind] of Object.entries(DOCUMENT_DATA_FIELDS)) {
      expect(built.get(path)?.kind, path).toBe(kind);
    }
  });

  it("computes full names, age, duration, days and daily amounts", () => {
    const built = values();
    expect(renderTemplate("{{participant.fullname}} / {{customer.fullname}}", built, FR)).toBe(
      "Léa Dubois / Camille Dubois",
    );
    expect(built.get("participant.age")).toEqual({
      kind: "age",
      value: { type: "years", value: 7 },
    });
    expect(built.get("availability.duration.calendar_days")).toEqual({ kind: "number", value: 5 });
    expect(built.get("availability.duration.hours")).toEqual({ kind: "number", value: 35 });
    expect(built.get("availability.duration.minutes")).toEqual({ kind: "number", value: 0 });
    expect(built.get("registration.days")).toEqual({ kind: "number", value: 5 });
    expect(renderTemplate("Encadrement : {{availability.collaborators}}", built, FR)).toBe(
      "Encadrement : Sarah Lambert, Tom Maes",
    );
    expect(built.get("registration.daily_amount")).toEqual({ kind: "money", value: 3_300 });
  });

  it("counts the days of the dates the registration holds, not all of the availability's", () => {
    const built = values({
      registration: {
        ...source().registration,
        total_amount: 10_000,
        dates: campDates.slice(0, 3),
      },
    });
    expect(built.get("registration.days")).toEqual({ kind: "number", value: 3 });
    expect(built.get("registration.daily_amount")).toEqual({ kind: "money", value: 3_333 });
  });

  it("counts local days in the organiser's zone (an evening ending after midnight touches two)", () => {
    const built = values({
      availability: {
        ...source().availability,
        dates: [{ start_at: "2026-11-16T21:00:00Z", end_at: "2026-11-17T01:00:00Z" }],
      },
    });
    // 22:00 to 02:00 in Brussels.
    expect(built.get("availability.duration.calendar_days")).toEqual({ kind: "number", value: 2 });
    expect(built.get("availability.duration.hours")).toEqual({ kind: "number", value: 4 });
  });

  it("reads custom fields by id: stored DATE values are calendar days", () => {
    const built = values({ custom_fields: [{ field_id: 9, type: "TEXT", value: "Mutualité X" }] });
    expect(built.get("customer.custom_fields.4")).toEqual({
      kind: "text",
      value: "Rue des Bouleaux 14",
    });
    expect(built.get("participant.custom_fields.7")).toEqual({ kind: "day", value: "2026-03-01" });
    expect(built.get("custom_fields.9")).toEqual({ kind: "text", value: "Mutualité X" });
  });

  it("leaves missing things empty: no birthdate, no location, no bundle", () => {
    const built = values({
      participant: { ...source().participant, birthdate: null },
      availability: { ...source().availability, location: null },
    });
    expect(built.get("participant.age")).toEqual({ kind: "empty" });
    expect(built.get("availability.location.title")).toEqual({ kind: "empty" });
    expect(built.get("registration.bundle.title")).toEqual({ kind: "empty" });
  });

  it("recognises field paths, and lists the paths of a template", () => {
    expect(isDocumentFieldPath("participant.fullname")).toBe(true);
    expect(isDocumentFieldPath("participant.custom_fields.12")).toBe(true);
    expect(isDocumentFieldPath("custom_fields.3")).toBe(true);
    expect(isDocumentFieldPath("participant.nickname")).toBe(false);
    expect(isDocumentFieldPath("custom_fields.0")).toBe(false);
    expect(isDocumentFieldPath("constructor")).toBe(false);
    expect(templatePaths("{{ a.b }} and {{c}} but not {d}")).toEqual(["a.b", "c"]);
  });
});

describe("STRING", () => {
  it("formats money in the organiser's currency and dates in its zone and language", () => {
    const data =
      "{{availability.activity.title}} du {{availability.start_at}} au {{availability.end_at}}, {{registration.total_amount}}";
    expect(resolveDocumentElement(element("STRING", data), values(), FR)).toEqual({
      kind: "text",
      text: "Stage Nature & Cabanes du 16 novembre 2026 au 20 novembre 2026, 165\u00a0€",
    });
    expect(
      resolveDocumentElement(element("STRING", "{{registration.daily_amount}}"), values(), EN),
    ).toEqual({ kind: "text", text: "€33" });
  });

  it("writes an instant on its local day: 23:30 UTC is already the next day in Brussels", () => {
    const built = values({
      document: { cuid: "d1", created_at: "2026-12-31T23:30:00Z" },
    });
    expect(renderTemplate("{{document.created_at}}", built, EN)).toBe("1 January 2027");
  });

  it("writes ages in their unit and lists joined by commas", () => {
    expect(renderTemplate("{{participant.age}}", values(), FR)).toBe("7 ans");
    expect(renderTemplate("{{participant.age}}", values(), EN)).toBe("7 years");
    expect(renderTemplate("{{availability.dates}}", values(), EN)).toBe(
      "16 November 2026, 17 November 2026, 18 November 2026, 19 November 2026, 20 November 2026",
    );
  });

  it("shows nothing for an unknown path and is empty when nothing is left", () => {
    expect(resolveDocumentElement(element("STRING", "A{{nope.nothing}}B"), values(), FR)).toEqual({
      kind: "text",
      text: "AB",
    });
    expect(resolveDocumentElement(element("STRING", "{{nope}}"), values(), FR)).toEqual({
      kind: "empty",
    });
  });
});

describe("NUMBER", () => {
  it("uses 0 to 2 fraction digits by default and exactly `decimals` when set", () => {
    const built = values({ custom_fields: [{ field_id: 2, type: "TEXT", value: "12,345" }] });
    expect(resolveDocumentElement(element("NUMBER", "{{custom_fields.2}}"), built, FR)).toEqual({
      kind: "text",
      text: "12,35",
    });
    expect(
      resolveDocumentElement(element("NUMBER", "{{custom_fields.2}}", { decimals: 0 }), built, EN),
    ).toEqual({ kind: "text", text: "12" });
    expect(
      resolveDocumentElement(
        element("NUMBER", "{{registration.days}}", { decimals: 1 }),
        values(),
        FR,
      ),
    ).toEqual({ kind: "text", text: "5,0" });
  });

  it("reads money in major units and falls back to the text when it is not a number", () => {
    expect(
      resolveDocumentElement(element("NUMBER", "{{registration.total_amount}}"), values(), EN),
    ).toEqual({ kind: "text", text: "165" });
    expect(
      resolveDocumentElement(element("NUMBER", "{{participant.firstname}}"), values(), EN),
    ).toEqual({
      kind: "text",
      text: "Léa",
    });
  });
});

describe("CURRENCY", () => {
  it("formats money fields, and typed amounts in major units", () => {
    expect(
      resolveDocumentElement(element("CURRENCY", "{{registration.deposit_amount}}"), values(), FR),
    ).toEqual({ kind: "text", text: "50\u00a0€" });
    const built = values({ custom_fields: [{ field_id: 3, type: "TEXT", value: "12,5" }] });
    expect(
      resolveDocumentElement(element("CURRENCY", "", {}, { custom_field_id: 3 }), built, EN),
    ).toEqual({ kind: "text", text: "€12.50" });
  });
});

describe("DATE", () => {
  it("writes a long date without settings, in the organiser's zone", () => {
    expect(
      resolveDocumentElement(element("DATE", "{{availability.start_at}}"), values(), FR),
    ).toEqual({ kind: "text", text: "16 novembre 2026" });
  });

  it("follows the weekday, day, month, year, hours and minutes settings", () => {
    const settings = {
      weekday: "long",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hours: "2-digit",
      minutes: "2-digit",
    } as const;
    expect(
      resolveDocumentElement(element("DATE", "{{availability.start_at}}", settings), values(), EN),
    ).toEqual({ kind: "text", text: "Monday, 16/11/2026, 09:00" });
    expect(
      resolveDocumentElement(
        element("DATE", "{{availability.end_at}}", { hours: "2-digit", minutes: "2-digit" }),
        values(),
        FR,
      ),
    ).toEqual({ kind: "text", text: "16:00" });
  });

  it("writes calendar days as they are, lists item by item, and typed dates", () => {
    expect(
      resolveDocumentElement(
        element("DATE", "{{participant.birthdate}}", {
          day: "numeric",
          month: "short",
          year: "numeric",
        }),
        values(),
        EN,
      ),
    ).toEqual({ kind: "text", text: "21 Jul 2019" });
    expect(
      resolveDocumentElement(
        element("DATE", "{{availability.dates}}", { day: "2-digit", month: "2-digit" }),
        values(),
        FR,
      ),
    ).toEqual({ kind: "text", text: "16/11, 17/11, 18/11, 19/11, 20/11" });
    const built = values({ custom_fields: [{ field_id: 5, type: "DATE", value: "2027-01-15" }] });
    expect(
      resolveDocumentElement(element("DATE", "", {}, { custom_field_id: 5 }), built, FR),
    ).toEqual({ kind: "text", text: "15 janvier 2027" });
  });
});

describe("IMAGE", () => {
  const size = { width: 80, height: 80 };

  it("shows the attendance QR code, a data: URI or an http(s) URL", () => {
    expect(
      resolveDocumentElement(
        element("IMAGE", "{{participant.attendance_qr_code}}", size),
        values(),
        FR,
      ),
    ).toEqual({ kind: "image", src: QR, width: 80, height: 80 });
    expect(
      resolveDocumentElement(
        element("IMAGE", "", size, { url: "https://example.org/logo.png" }),
        values(),
        FR,
      ),
    ).toEqual({ kind: "image", src: "https://example.org/logo.png", width: 80, height: 80 });
    expect(resolveDocumentElement(element("IMAGE", QR, size), values(), FR)).toMatchObject({
      kind: "image",
      src: QR,
    });
  });

  it("is empty when the field is not an image", () => {
    expect(
      resolveDocumentElement(element("IMAGE", "{{participant.fullname}}", size), values(), FR),
    ).toEqual({ kind: "empty" });
  });
});

describe("parseDecimalText", () => {
  it("reads decimals with a point or a comma and ignores grouping spaces", () => {
    expect(parseDecimalText("12")).toBe(12);
    expect(parseDecimalText("-3,25")).toBe(-3.25);
    expect(parseDecimalText("1 234.5")).toBe(1234.5);
    expect(parseDecimalText("12a")).toBeNull();
    expect(parseDecimalText("1.2.3")).toBeNull();
    expect(parseDecimalText("")).toBeNull();
  });
});

describe("attendance QR payload", () => {
  it("names the organiser and the participant, and reads back", () => {
    const payload = attendanceQrPayload("org1abc", "par2def");
    expect(payload).toBe("urn:booking:attendance:org1abc:par2def");
    expect(parseAttendanceQrPayload(payload)).toEqual({
      organiser: "org1abc",
      participant: "par2def",
    });
    expect(parseAttendanceQrPayload("https://evil.example")).toBeNull();
  });
});
