import { describe, expect, it } from "vitest";
import { documentDownloadPath, documentElementInput } from "../src/index.ts";

// The document element rules of platform-and-account.md §5: fontSize at least 1, colour exactly
// 7 characters, decimals an integer at least 0, an image URL valid, width and height positive,
// custom_field_id an integer.

const place = { x: 40, y: 60, width: null, align: "left" };

function issues(value: unknown) {
  const result = documentElementInput.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("documentElementInput", () => {
  it("accepts each type with its settings", () => {
    const valid = [
      {
        type: "STRING",
        payload: { data: "Hello {{participant.fullname}}" },
        settings: { fontSize: 12, fontWeight: "bold", color: "#112233" },
      },
      {
        type: "NUMBER",
        payload: { data: "{{registration.days}}", custom_field_id: null },
        settings: { decimals: 0 },
      },
      { type: "CURRENCY", payload: { data: "", custom_field_id: 4 }, settings: {} },
      {
        type: "DATE",
        payload: { data: "{{availability.start_at}}" },
        settings: {
          weekday: "long",
          day: "2-digit",
          month: "short",
          year: "numeric",
          hours: null,
          minutes: "2-digit",
          seconds: null,
        },
      },
      {
        type: "IMAGE",
        payload: { data: "", url: "https://example.org/logo.png" },
        settings: { width: 80, height: 40 },
      },
      {
        type: "IMAGE",
        payload: { data: "{{participant.attendance_qr_code}}" },
        settings: { width: 80, height: 80 },
      },
      {
        type: "IMAGE",
        payload: { data: "", url: "data:image/png;base64,iVBORw0KGgo=" },
        settings: { width: 1, height: 0.5 },
      },
    ];
    for (const element of valid) {
      expect(issues({ ...element, ...place }), element.type).toEqual({});
    }
  });

  it("refuses a font size under 1, a colour that is not 7 characters, bad decimals", () => {
    expect(
      issues({
        type: "NUMBER",
        payload: { data: "x" },
        settings: { fontSize: 0.5, color: "#fff", decimals: 1.5 },
        ...place,
      }),
    ).toEqual({
      "settings.fontSize": "TOO_SMALL",
      "settings.color": "INVALID_FORMAT",
      "settings.decimals": "INVALID_TYPE",
    });
    expect(
      issues({
        type: "NUMBER",
        payload: { data: "x" },
        settings: { decimals: -1, fontWeight: "heavy" },
        ...place,
      }),
    ).toEqual({ "settings.decimals": "TOO_SMALL", "settings.fontWeight": "INVALID_CHOICE" });
    expect(
      issues({ type: "STRING", payload: { data: "x" }, settings: { color: "#12345g" }, ...place }),
    ).toEqual({
      "settings.color": "INVALID_FORMAT",
    });
  });

  it("refuses an invalid image URL and sizes that are not positive", () => {
    expect(
      issues({
        type: "IMAGE",
        payload: { data: "", url: "not a url" },
        settings: { width: 0, height: -2 },
        ...place,
      }),
    ).toEqual({
      "payload.url": "INVALID_FORMAT",
      "settings.width": "TOO_SMALL",
      "settings.height": "TOO_SMALL",
    });
    expect(
      issues({
        type: "IMAGE",
        payload: { data: "", url: "javascript:alert(1)" },
        settings: { width: 1, height: 1 },
        ...place,
      }),
    ).toEqual({
      "payload.url": "INVALID_FORMAT",
    });
    expect(
      issues({ type: "IMAGE", payload: { data: "" }, settings: { width: 1, height: 1 }, ...place }),
    ).toEqual({
      "payload.url": "REQUIRED",
    });
  });

  it("refuses a custom_field_id that is not an integer, an unknown type and bad DATE parts", () => {
    expect(
      issues({
        type: "STRING",
        payload: { data: "", custom_field_id: 2.5 },
        settings: {},
        ...place,
      }),
    ).toEqual({
      "payload.custom_field_id": "INVALID_TYPE",
    });
    expect(issues({ type: "BARCODE", payload: { data: "" }, settings: {}, ...place })).toEqual({
      type: "INVALID_CHOICE",
    });
    expect(
      issues({
        type: "DATE",
        payload: { data: "" },
        settings: { weekday: "narrow", year: "short" },
        ...place,
      }),
    ).toEqual({ "settings.weekday": "INVALID_CHOICE", "settings.year": "INVALID_CHOICE" });
  });
});

describe("documentDownloadPath", () => {
  it("puts the registration, the document and the custom inputs in the query", () => {
    expect(documentDownloadPath(3, 7)).toBe(
      "/api/documents/download?registration_id=3&document_id=7",
    );
    expect(
      documentDownloadPath(3, 7, { custom_element_9: "a&b", custom_element_10: ["x", "y"] }),
    ).toBe(
      "/api/documents/download?registration_id=3&document_id=7&custom_element_9=a%26b&custom_element_10=x&custom_element_10=y",
    );
  });
});
