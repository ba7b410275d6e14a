import { describe, expect, it } from "vitest";
import {
  documentLayoutIssues,
  documentPageDimensions,
  isInsidePage,
  type LayoutElement,
  type LayoutPage,
  unknownDataFields,
} from "../src/index.ts";

const text = (x: number, y: number, extra: Partial<LayoutElement> = {}): LayoutElement => ({
  type: "STRING",
  x,
  y,
  width: null,
  payload: { data: "Bonjour {{participant.firstname}}" },
  settings: {},
  custom_field: null,
  ...extra,
});

const page = (elements: LayoutElement[], extra: Partial<LayoutPage> = {}): LayoutPage => ({
  size: "A4",
  orientation: "portrait",
  elements,
  ...extra,
});

describe("documentPageDimensions", () => {
  it("measures A4 and Letter in points, turned for landscape", () => {
    expect(documentPageDimensions("A4", "portrait")).toEqual({ width: 595, height: 841 });
    expect(documentPageDimensions("A4", "landscape")).toEqual({ width: 841, height: 595 });
    expect(documentPageDimensions("LETTER", "portrait")).toEqual({ width: 612, height: 792 });
  });
});

describe("isInsidePage", () => {
  const a4 = documentPageDimensions("A4", "portrait");

  it("keeps a text box within the page's width and its first line above the bottom edge", () => {
    expect(isInsidePage(text(40, 40, { width: 515 }), a4)).toBe(true);
    expect(isInsidePage(text(40, 40, { width: 556 }), a4)).toBe(false);
    expect(isInsidePage(text(0, 830), a4)).toBe(true); // 830 + 11 pt = 841
    expect(isInsidePage(text(0, 831), a4)).toBe(false);
    expect(isInsidePage(text(0, 800, { settings: { fontSize: 48 } }), a4)).toBe(false);
    // Without width only its start must be on the page (its words decide the rest).
    expect(isInsidePage(text(594, 40), a4)).toBe(true);
    expect(isInsidePage(text(595, 40), a4)).toBe(false);
  });

  it("keeps a picture's whole box on the page", () => {
    const image = (x: number, y: number): LayoutElement => ({
      ...text(x, y),
      type: "IMAGE",
      settings: { width: 100, height: 50 },
    });
    expect(isInsidePage(image(495, 791), a4)).toBe(true);
    expect(isInsidePage(image(496, 791), a4)).toBe(false);
    expect(isInsidePage(image(495, 792), a4)).toBe(false);
  });
});

describe("unknownDataFields", () => {
  it("names the placeholders that are no data field of §3.1", () => {
    expect(unknownDataFields("{{participant.fullname}} né le {{participant.birthdate}}")).toEqual(
      [],
    );
    expect(unknownDataFields("{{participant.shoe_size}} {{registration.total_amount}}")).toEqual([
      "participant.shoe_size",
    ]);
  });

  it("checks custom field paths against the known ones when given", () => {
    const known = new Set(["customer.custom_fields.4", "custom_fields.9"]);
    expect(unknownDataFields("{{customer.custom_fields.4}} {{custom_fields.9}}", known)).toEqual(
      [],
    );
    expect(unknownDataFields("{{participant.custom_fields.4}}", known)).toEqual([
      "participant.custom_fields.4",
    ]);
    // Without a list, any well-formed custom field path passes (the server knows the fields).
    expect(unknownDataFields("{{participant.custom_fields.4}}")).toEqual([]);
  });
});

describe("documentLayoutIssues", () => {
  it("has none for a model whose elements lie on their pages and name known fields", () => {
    const pages = [
      page([text(40, 40), text(40, 80, { custom_field: 0, payload: { data: "" } })]),
      page([text(600, 40, { width: 200 })], { orientation: "landscape" }),
    ];
    expect(documentLayoutIssues(pages, 1)).toEqual([]);
  });

  it("keys each issue by the offending value's path", () => {
    const pages = [
      page([
        text(40, 40),
        text(600, 40),
        text(40, 60, { payload: { data: "{{nobody.knows}}" } }),
        text(40, 80, { custom_field: 1 }),
        { ...text(40, 100), type: "IMAGE", settings: { width: 10, height: 10 }, custom_field: 0 },
      ]),
      page([text(40, 40, { width: 700 })]),
    ];
    expect(documentLayoutIssues(pages, 1)).toEqual([
      { path: ["pages", 0, "elements", 1, "x"], code: "TOO_BIG" },
      { path: ["pages", 0, "elements", 2, "payload", "data"], code: "UNKNOWN_FIELD" },
      { path: ["pages", 0, "elements", 3, "custom_field"], code: "INVALID_CHOICE" },
      { path: ["pages", 0, "elements", 4, "custom_field"], code: "INVALID_CHOICE" },
      { path: ["pages", 1, "elements", 0, "x"], code: "TOO_BIG" },
    ]);
  });
});
