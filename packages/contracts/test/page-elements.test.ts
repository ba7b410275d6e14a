import { describe, expect, it } from "vitest";
import {
  DEMO_PAGE_REF_KEYS,
  DEMO_PAGES,
  type DemoPage,
  demoPages,
} from "../../db/src/seed/pages.ts";
import {
  CATALOGUE_FILTER_IDS,
  catalogueFilterQuery,
  categoryGroupFilters,
  ELEMENT_FAMILIES,
  ELEMENT_KEYS,
  ELEMENT_SETTINGS,
  type ElementKey,
  type ElementNode,
  findCurrentTab,
  IFRAME_SANDBOX,
  isSafeLinkHref,
  linkHref,
  pageElement,
  parseCatalogueFilters,
  parseElementSettings,
  parseElementTree,
  RICH_TEXT_MAX_BYTES,
  RICH_TEXT_TABLE_DEFAULTS,
} from "../src/index.ts";

const CUID = "ckz8f0u9w0000a1b2c3d4e5f6";
const CUID_2 = "clx2n3m4p0001q5r6s7t8u9v0";

/** A minimal valid value of every element, and what it reads as (spec defaults applied). */
const MINIMAL: Record<ElementKey, { input: object; output: object }> = {
  "section:availabilities-cards": {
    input: {},
    output: {
      filters: ["search", "date", "location", "categories"],
      page_size: 20,
      status: ["OPEN"],
      catalog: [],
      segment: [],
      properties: ["images", "dates", "time", "price", "capacity", "ages", "location"],
    },
  },
  "section:availabilities-cards-grid": {
    input: {},
    output: {
      columns: 2,
      "filters-layout": "aside",
      filters: ["search", "date", "location", "categories"],
      page_size: 20,
      status: ["OPEN"],
      catalog: [],
      segment: [],
      image_aspect_ratio: "auto",
      grayscale: true,
      properties: ["images", "dates", "time", "price", "capacity", "ages", "location"],
    },
  },
  "section:availabilities-quick-list": {
    input: {},
    output: {
      filters: ["search", "date", "date-calendar", "location"],
      catalog: [],
      page_size: 20,
    },
  },
  "section:availabilities-weekly-calendar": {
    input: {},
    output: {
      mode: "stacked",
      start_hour: null,
      end_hour: null,
      "show-empty-groups": ["desktop"],
      "multiple-selection": true,
      status: ["OPEN"],
      catalog: [],
      segment: [],
      filters: [],
    },
  },
  "section:availabilities-resources-schedule": {
    input: {},
    output: {
      mode: "calendar",
      start_hour: null,
      end_hour: null,
      resources: [],
      status: ["OPEN"],
      catalog: [],
      segment: [],
    },
  },
  "section:resources-daily-schedule": {
    input: {},
    output: { resources: [], start_hour: null, end_hour: null },
  },
  "section:memberships-cards-grid": {
    input: {},
    output: {
      ids: [],
      columns: 2,
      properties: ["images", "price", "period"],
      filters: [],
      page_size: 20,
      image_aspect_ratio: "auto",
      grayscale: true,
    },
  },
  "section:vouchers-cards-grid": {
    input: {},
    output: {
      ids: [],
      columns: 2,
      properties: ["images", "price"],
      filters: [],
      page_size: 20,
      image_aspect_ratio: "auto",
      grayscale: true,
    },
  },
  "section:bundles-grid": {
    input: {},
    output: {
      ids: [],
      columns: 2,
      properties: ["images", "price", "capacity"],
      filters: [],
      page_size: 20,
      image_aspect_ratio: "auto",
      grayscale: true,
    },
  },
  "section:activities-grid": {
    input: {},
    output: {
      ids: [],
      catalog: [],
      columns: 2,
      properties: ["images", "price", "ages"],
      filters: [],
      page_size: 20,
      image_aspect_ratio: "auto",
      grayscale: true,
      available_only: false,
    },
  },
  "section:inline-filters": {
    input: {},
    output: { filters: ["search", "date", "location", "categories"] },
  },
  "section:availability-detail": {
    input: {},
    output: {
      "detail-properties": ["description", "remaining", "dates", "ages", "location"],
      "show-image": true,
    },
  },
  "section:activity-page": {
    input: {},
    output: {
      variant: "list",
      "activity-properties": ["images", "description", "price", "locations"],
      "availabilities-properties": ["time", "price", "capacity"],
      "availabilities-filters": [],
      "multiple-selection": true,
      "availabilities-filters-calendar": false,
      page_size: 20,
    },
  },
  "section:blog-latest-articles": {
    input: {},
    output: { title: null, count: 3 },
  },
  "section:banner": {
    input: { title: "Stages d'été" },
    output: {
      title: "Stages d'été",
      subtitle: null,
      image: null,
      image_alt: "",
      button_label: null,
      button_href: null,
      alignment: "center",
    },
  },
  "section:basic": {
    input: {},
    output: { background: null, padding: "medium", layout: "container" },
  },
  "section:container": { input: {}, output: { layout: "container", padding: "medium" } },
  "section:header": {
    input: {},
    output: { title: null, subtitle: null, breadcrumb: true },
  },
  "section:split-hero": {
    input: {
      label: "Stages",
      title: "Des vacances au grand air",
      description: "Cabanes et jeux de piste.",
      image: "/demo-images/nature-camp.svg",
      layout: "container",
      origin: "left",
    },
    output: {
      label: "Stages",
      title: "Des vacances au grand air",
      description: "Cabanes et jeux de piste.",
      image: "/demo-images/nature-camp.svg",
      image_alt: "",
      layout: "container",
      origin: "left",
      button_label: null,
      button_href: null,
    },
  },
  "container:basic": { input: {}, output: {} },
  "container:flex": {
    input: {},
    output: { gap: "1rem", direction: "row", justify: "start", align: "center", wrap: true },
  },
  "container:grid": { input: {}, output: { columns: 3, gap: "2rem" } },
  "block:alert": {
    input: { text: "Complet" },
    output: { variant: "yellow", title: null, text: "Complet" },
  },
  "block:button": {
    input: { label: "Réserver", href: "/catalogue" },
    output: { variant: "primary", label: "Réserver", href: "/catalogue", new_tab: false },
  },
  "block:contact-details": {
    input: {},
    output: {
      title: null,
      details: ["address", "map", "email", "phone"],
      map_provider: "openstreetmap",
    },
  },
  "block:faq": {
    input: { items: [{ question: "Quand ?", answer: "En juillet." }] },
    output: { items: [{ question: "Quand ?", answer: "En juillet." }] },
  },
  "block:feature-highlight": {
    input: { title: "Dehors" },
    output: { alignment: "center", icon: null, title: "Dehors", text: null },
  },
  "block:heading": {
    input: { text: "Nos stages" },
    output: {
      level: 2,
      text: "Nos stages",
      font_size: "32px",
      font_weight: 700,
      color: "#000000",
      alignment: "left",
    },
  },
  "block:iframe": {
    input: { src: "https://www.openstreetmap.org/export/embed.html", title: "Plan d'accès" },
    output: {
      src: "https://www.openstreetmap.org/export/embed.html",
      title: "Plan d'accès",
      width: "100%",
      aspect_ratio: "16 / 9",
    },
  },
  "block:image": {
    input: { src: "/demo-images/nature-camp.svg" },
    output: { src: "/demo-images/nature-camp.svg", alt: "", aspect_ratio: "auto", href: null },
  },
  "block:paragraph": {
    input: { text: "Bienvenue" },
    output: {
      text: "Bienvenue",
      font_size: "1rem",
      font_weight: 400,
      color: null,
      alignment: "left",
    },
  },
  "block:rich-text": { input: {}, output: { html: "" } },
  "block:tabs": {
    input: { items: [{ label: "Liste", href: "/catalogue" }] },
    output: { items: [{ label: "Liste", href: "/catalogue" }] },
  },
};

function split(key: ElementKey): [string, string] {
  const [element, name] = key.split(":") as [string, string];
  return [element, name];
}

function parse(key: ElementKey, settings: unknown) {
  const [element, name] = split(key);
  return parseElementSettings(element, name, settings);
}

/** The field codes of a failed parse, path → code. */
function issues(key: ElementKey, settings: unknown): Record<string, string> {
  const result = parse(key, settings);
  if (result.ok) throw new Error(`${key} accepted ${JSON.stringify(settings)}`);
  return Object.fromEntries(result.issues.map((issue) => [issue.path, issue.code]));
}

describe("ELEMENT_SETTINGS", () => {
  it("covers every element, each with a family", () => {
    expect(ELEMENT_KEYS).toHaveLength(33);
    expect(Object.keys(MINIMAL).sort()).toEqual([...ELEMENT_KEYS].sort());
    for (const key of ELEMENT_KEYS) {
      expect(["catalogue", "content", "layout"]).toContain(ELEMENT_FAMILIES[key]);
    }
  });

  it.each(ELEMENT_KEYS)("%s accepts a minimal value and applies the spec defaults", (key) => {
    expect(parse(key, MINIMAL[key].input)).toEqual({ ok: true, value: MINIMAL[key].output });
  });

  it("reads missing settings as all defaults, and a JSON string as its object", () => {
    expect(parse("container:grid", undefined)).toEqual({
      ok: true,
      value: { columns: 3, gap: "2rem" },
    });
    expect(parse("container:grid", null)).toMatchObject({ ok: true });
    expect(parse("container:grid", '{"columns":4}')).toEqual({
      ok: true,
      value: { columns: 4, gap: "2rem" },
    });
    expect(parse("container:grid", "{not json")).toEqual({
      ok: false,
      issues: [{ path: "", code: "INVALID_FORMAT" }],
    });
  });

  it("drops unknown settings instead of failing", () => {
    expect(parse("container:grid", { columns: 2, legacy: true })).toEqual({
      ok: true,
      value: { columns: 2, gap: "2rem" },
    });
  });

  it("fails an unknown element", () => {
    expect(parseElementSettings("section", "carousel", {})).toEqual({
      ok: false,
      issues: [{ path: "name", code: "INVALID_CHOICE" }],
    });
    expect(parseElementSettings("block", "availabilities-cards", {})).toMatchObject({ ok: false });
    expect(parseElementSettings("section", "__proto__", {})).toMatchObject({ ok: false });
  });
});

describe("section settings validation", () => {
  it("split hero: each of label, title, description, image, layout, origin is required", () => {
    const valid = MINIMAL["section:split-hero"].input as Record<string, unknown>;
    for (const field of ["label", "title", "description", "image", "layout", "origin"]) {
      const { [field]: _, ...missing } = valid;
      expect(issues("section:split-hero", missing)).toEqual({ [field]: "REQUIRED" });
    }
    expect(issues("section:split-hero", { ...valid, title: "   " })).toEqual({ title: "REQUIRED" });
    expect(issues("section:split-hero", { ...valid, layout: "boxed" })).toEqual({
      layout: "INVALID_CHOICE",
    });
    expect(issues("section:split-hero", { ...valid, origin: "top" })).toEqual({
      origin: "INVALID_CHOICE",
    });
    expect(issues("section:split-hero", { ...valid, image: "javascript:alert(1)" })).toEqual({
      image: "INVALID_FORMAT",
    });
  });

  it("columns: integers within bounds", () => {
    expect(issues("section:availabilities-cards-grid", { columns: 0 })).toEqual({
      columns: "TOO_SMALL",
    });
    expect(issues("section:availabilities-cards-grid", { columns: 7 })).toEqual({
      columns: "TOO_BIG",
    });
    expect(issues("section:bundles-grid", { columns: 1.5 })).toMatchObject({
      columns: expect.any(String),
    });
    expect(issues("section:activities-grid", { columns: "3" })).toEqual({
      columns: "INVALID_TYPE",
    });
    expect(issues("container:grid", { columns: 0 })).toEqual({ columns: "TOO_SMALL" });
  });

  it("filters: known ids and category-{group cuid}, duplicates dropped", () => {
    const parsed = parse("section:availabilities-cards", {
      filters: ["search", `category-${CUID}`, "search", "categories"],
    });
    expect(parsed).toMatchObject({
      ok: true,
      value: { filters: ["search", `category-${CUID}`, "categories"] },
    });
    expect(issues("section:availabilities-cards", { filters: ["price"] })).toEqual({
      "filters.0": "INVALID_CHOICE",
    });
    expect(issues("section:availabilities-cards", { filters: ["category-"] })).toEqual({
      "filters.0": "INVALID_CHOICE",
    });
    expect(issues("section:availabilities-quick-list", { filters: ["weekday"] })).toEqual({
      "filters.0": "INVALID_CHOICE",
    });
    expect(issues("section:bundles-grid", { filters: ["location"] })).toEqual({
      "filters.0": "INVALID_CHOICE",
    });
    expect(CATALOGUE_FILTER_IDS).toContain("categories");
  });

  it("filters-layout, mode, variant and status are closed lists", () => {
    expect(issues("section:availabilities-cards-grid", { "filters-layout": "top" })).toEqual({
      "filters-layout": "INVALID_CHOICE",
    });
    expect(issues("section:availabilities-weekly-calendar", { mode: "month" })).toEqual({
      mode: "INVALID_CHOICE",
    });
    expect(issues("section:activity-page", { variant: "grid" })).toEqual({
      variant: "INVALID_CHOICE",
    });
    expect(issues("section:availabilities-cards", { status: ["OPEN", "OVERLAP"] })).toEqual({
      "status.1": "INVALID_CHOICE",
    });
    expect(issues("section:availabilities-cards", { status: [] })).toEqual({
      status: "TOO_SMALL",
    });
  });

  it("schedule hours: 0 to 24, empty string or null for none, start before end", () => {
    expect(
      parse("section:availabilities-weekly-calendar", { start_hour: "", end_hour: 18.5 }),
    ).toMatchObject({ ok: true, value: { start_hour: null, end_hour: 18.5 } });
    expect(parse("section:resources-daily-schedule", { start_hour: null })).toMatchObject({
      ok: true,
      value: { start_hour: null },
    });
    expect(issues("section:resources-daily-schedule", { start_hour: -1 })).toEqual({
      start_hour: "TOO_SMALL",
    });
    expect(issues("section:availabilities-weekly-calendar", { end_hour: 25 })).toEqual({
      end_hour: "TOO_BIG",
    });
    expect(
      issues("section:availabilities-resources-schedule", { start_hour: 18, end_hour: 8 }),
    ).toEqual({ end_hour: "TOO_SMALL" });
  });

  it("reference lists: cuids for catalog and segment, positive ids for resources and items", () => {
    expect(
      parse("section:availabilities-cards", { catalog: [CUID, CUID], segment: [CUID_2] }),
    ).toMatchObject({ ok: true, value: { catalog: [CUID], segment: [CUID_2] } });
    expect(issues("section:availabilities-cards", { catalog: ["Not a cuid"] })).toEqual({
      "catalog.0": "INVALID_FORMAT",
    });
    expect(parse("section:resources-daily-schedule", { resources: [3, 1, 3] })).toMatchObject({
      ok: true,
      value: { resources: [3, 1] },
    });
    expect(issues("section:bundles-grid", { ids: [0] })).toEqual({ "ids.0": "TOO_SMALL" });
  });

  it("properties: closed lists per section, order kept", () => {
    expect(
      parse("section:activity-page", { "activity-properties": ["price", "images"] }),
    ).toMatchObject({ ok: true, value: { "activity-properties": ["price", "images"] } });
    expect(issues("section:activity-page", { "activity-properties": ["ages"] })).toEqual({
      "activity-properties.0": "INVALID_CHOICE",
    });
    expect(issues("section:memberships-cards-grid", { properties: ["capacity"] })).toEqual({
      "properties.0": "INVALID_CHOICE",
    });
  });

  it("image aspect ratio: auto or W / H, normalised", () => {
    expect(parse("section:bundles-grid", { image_aspect_ratio: "4/3" })).toMatchObject({
      ok: true,
      value: { image_aspect_ratio: "4 / 3" },
    });
    for (const ratio of ["wide", "0 / 1", "16/9;color:red"]) {
      expect(issues("section:bundles-grid", { image_aspect_ratio: ratio })).toEqual({
        image_aspect_ratio: "INVALID_FORMAT",
      });
    }
  });

  it("booleans are booleans", () => {
    expect(issues("section:activities-grid", { available_only: "yes" })).toEqual({
      available_only: "INVALID_TYPE",
    });
    expect(issues("section:availabilities-cards-grid", { grayscale: 1 })).toEqual({
      grayscale: "INVALID_TYPE",
    });
  });
});

describe("block settings validation", () => {
  it("heading: levels 1 to 4, CSS values checked", () => {
    expect(parse("block:heading", { text: "Titre", level: 1 })).toMatchObject({ ok: true });
    expect(issues("block:heading", { text: "Titre", level: 5 })).toEqual({
      level: "INVALID_CHOICE",
    });
    expect(issues("block:heading", { text: "Titre", level: 0 })).toEqual({
      level: "INVALID_CHOICE",
    });
    expect(issues("block:heading", { text: "Titre", color: "red" })).toEqual({
      color: "INVALID_FORMAT",
    });
    expect(issues("block:heading", { text: "Titre", font_size: "32px;color:red" })).toEqual({
      font_size: "INVALID_FORMAT",
    });
    expect(issues("block:heading", { text: "Titre", font_weight: 650 })).toEqual({
      font_weight: "INVALID_CHOICE",
    });
    expect(parse("block:heading", { text: "Titre", color: "#1f2937" })).toMatchObject({
      ok: true,
      value: { color: "#1F2937" },
    });
  });

  it("iframe: https only, a title, the fixed sandbox", () => {
    const base = MINIMAL["block:iframe"].input;
    for (const src of [
      "http://example.com/embed",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "//example.com/embed",
      "/embed",
      "https://user:secret@example.com/",
    ]) {
      expect(issues("block:iframe", { ...base, src })).toEqual({ src: "INVALID_FORMAT" });
    }
    expect(issues("block:iframe", { src: "https://example.com" })).toEqual({ title: "REQUIRED" });
    expect(IFRAME_SANDBOX).toBe("allow-forms allow-scripts allow-same-origin");
  });

  it("button: the link rule applies to href", () => {
    expect(issues("block:button", { label: "Go", href: "javascript:alert(1)" })).toEqual({
      href: "INVALID_FORMAT",
    });
    expect(issues("block:button", { label: "Go", href: "http://example.com" })).toEqual({
      href: "INVALID_FORMAT",
    });
    expect(issues("block:button", { label: "Go", variant: "ghost", href: "/" })).toEqual({
      variant: "INVALID_CHOICE",
    });
    expect(parse("block:button", { label: "Go", href: "tel:+3221234567" })).toMatchObject({
      ok: true,
    });
  });

  it("alert, faq, tabs, feature highlight, image", () => {
    expect(issues("block:alert", { text: "x", variant: "orange" })).toEqual({
      variant: "INVALID_CHOICE",
    });
    expect(issues("block:faq", { items: [] })).toEqual({ items: "TOO_SMALL" });
    expect(issues("block:faq", { items: [{ question: "Quand ?" }] })).toEqual({
      "items.0.answer": "REQUIRED",
    });
    expect(issues("block:tabs", { items: [{ label: "A", href: "data:text/html,x" }] })).toEqual({
      "items.0.href": "INVALID_FORMAT",
    });
    expect(issues("block:feature-highlight", { title: "A", icon: "rocket" })).toEqual({
      icon: "INVALID_CHOICE",
    });
    expect(
      issues("block:image", { src: "/demo-images/nature-camp.svg", href: "javascript:x" }),
    ).toEqual({ href: "INVALID_FORMAT" });
    expect(parse("block:image", { src: "https://cdn.example.com/a.jpg", href: "" })).toMatchObject({
      ok: true,
      value: { href: null },
    });
  });

  it("rich text: at most 50 kB of UTF-8, and the editor's table default", () => {
    expect(parse("block:rich-text", { html: "a".repeat(RICH_TEXT_MAX_BYTES) })).toMatchObject({
      ok: true,
    });
    expect(issues("block:rich-text", { html: "a".repeat(RICH_TEXT_MAX_BYTES + 1) })).toEqual({
      html: "TOO_LONG",
    });
    // 2 bytes per character: within the character count, over the byte limit.
    expect(issues("block:rich-text", { html: "é".repeat(RICH_TEXT_MAX_BYTES / 2 + 1) })).toEqual({
      html: "TOO_LONG",
    });
    expect(RICH_TEXT_TABLE_DEFAULTS).toEqual({ rows: 3, cols: 2, withHeaderRow: true });
  });
});

describe("linkHref", () => {
  it.each([
    "/",
    "/catalogue",
    "/fr/stages/ete?period=abc#dates",
    "#",
    "#faq",
    "https://example.com",
    "https://example.com/path?x=1",
    "mailto:bonjour@petits-explorateurs.test",
    "mailto:bonjour@petits-explorateurs.test?subject=Stage",
    "tel:+3221234567",
    "tel:+32 2 123 45 67",
  ])("accepts %s", (href) => {
    expect(isSafeLinkHref(href)).toBe(true);
    expect(linkHref.safeParse(href).success).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "http://example.com",
    "ftp://example.com",
    "//evil.example.com",
    "/\\evil.example.com",
    "catalogue",
    "# faq",
    "mailto:",
    "tel:abc",
    "https://",
  ])("rejects %j", (href) => {
    expect(linkHref.safeParse(href).success).toBe(false);
  });

  it("answers REQUIRED when empty and INVALID_FORMAT when unsafe", () => {
    expect(linkHref.safeParse("").error?.issues[0]?.message).toBe("REQUIRED");
    expect(linkHref.safeParse("javascript:x").error?.issues[0]?.message).toBe("INVALID_FORMAT");
  });
});

describe("findCurrentTab", () => {
  const items = [
    { href: "/catalogue" },
    { href: "/catalogue?mode=calendar" },
    { href: "/horaires" },
    { href: "https://example.com/catalogue" },
  ];

  it("matches the path, then the most query parameters", () => {
    expect(findCurrentTab(items, { pathname: "/catalogue", search: "" })).toBe(0);
    expect(findCurrentTab(items, { pathname: "/catalogue/", search: "?page_number=2" })).toBe(0);
    expect(findCurrentTab(items, { pathname: "/catalogue", search: "?mode=calendar&x=1" })).toBe(1);
    expect(findCurrentTab(items, { pathname: "/horaires" })).toBe(2);
    expect(findCurrentTab(items, { pathname: "/blog" })).toBe(-1);
  });
});

describe("catalogueFilterQuery", () => {
  const parseQuery = (query: Record<string, unknown>) => {
    const result = catalogueFilterQuery.safeParse(query);
    return result.success
      ? { ok: true as const, value: result.data }
      : {
          ok: false as const,
          fields: Object.fromEntries(
            result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
          ),
        };
  };

  it("reads an empty query as no filter", () => {
    expect(parseQuery({})).toEqual({
      ok: true,
      value: {
        search: undefined,
        date: undefined,
        location: [],
        category: [],
        period: [],
        start_hour: null,
        end_hour: null,
        status: undefined,
        mode: undefined,
        age: undefined,
        weekday: [],
        "availabilities-period": undefined,
        page_number: 1,
      },
    });
  });

  it("reads blank values as no filter", () => {
    expect(
      parseQuery({ search: "   ", date: "", location: "", start_hour: "", age: " " }),
    ).toMatchObject({
      ok: true,
      value: { search: undefined, date: undefined, location: [], start_hour: null, age: undefined },
    });
  });

  it("parses every filter", () => {
    expect(
      parseQuery({
        search: "  poterie ",
        date: "2026-07-06",
        location: `${CUID}, ${CUID_2},${CUID}`,
        category: CUID,
        period: [CUID, CUID_2],
        start_hour: "8",
        end_hour: "17.5",
        status: "open,FULL",
        mode: "calendar",
        age: "7",
        weekday: "7,1,3",
        "availabilities-period": "2026-07-01,2026-07-31",
        page_number: "3",
        page_size: "12",
      }),
    ).toEqual({
      ok: true,
      value: {
        search: "poterie",
        date: "2026-07-06",
        location: [CUID, CUID_2],
        category: [CUID],
        period: [CUID, CUID_2],
        start_hour: 8,
        end_hour: 17.5,
        status: ["OPEN", "FULL"],
        mode: "calendar",
        age: 7,
        weekday: [1, 3, 7],
        "availabilities-period": { from: "2026-07-01", to: "2026-07-31" },
        page_number: 3,
        // unknown parameters pass through (the category-{group} filters are read from them)
        page_size: "12",
      },
    });
  });

  it.each([
    [{ search: "x".repeat(101) }, "search", "TOO_LONG"],
    [{ date: "2026-02-30" }, "date", "INVALID_DATE"],
    [{ date: "06/07/2026" }, "date", "INVALID_DATE"],
    [{ date: "2026-07-06T10:00:00Z" }, "date", "INVALID_DATE"],
    [{ location: "Bruxelles" }, "location", "INVALID_FORMAT"],
    [{ category: Array.from({ length: 51 }, (_, i) => `c${i}`).join(",") }, "category", "TOO_BIG"],
    [{ start_hour: "eight" }, "start_hour", "INVALID_FORMAT"],
    [{ start_hour: "-1" }, "start_hour", "TOO_SMALL"],
    [{ end_hour: "25" }, "end_hour", "TOO_BIG"],
    [{ status: "OPEN,PENDING" }, "status", "INVALID_CHOICE"],
    [{ mode: "month" }, "mode", "INVALID_CHOICE"],
    [{ age: "-1" }, "age", "TOO_SMALL"],
    [{ age: "7.5" }, "age", "INVALID_FORMAT"],
    [{ age: "200" }, "age", "TOO_BIG"],
    [{ weekday: "0" }, "weekday", "TOO_SMALL"],
    [{ weekday: "1,8" }, "weekday", "TOO_BIG"],
    [{ weekday: "monday" }, "weekday", "INVALID_FORMAT"],
    [{ "availabilities-period": "2026-07-01" }, "availabilities-period", "INVALID_FORMAT"],
    [{ "availabilities-period": "2026-07-01,2026-02-30" }, "availabilities-period", "INVALID_DATE"],
    [{ "availabilities-period": "2026-07-31,2026-07-01" }, "availabilities-period", "TOO_SMALL"],
    [{ page_number: "0" }, "page_number", "TOO_SMALL"],
    [{ page_number: "two" }, "page_number", "INVALID_FORMAT"],
    [{ search: { nested: true } }, "search", "INVALID_FORMAT"],
  ])("%j fails %s with %s", (query, field, code) => {
    expect(parseQuery(query)).toEqual({ ok: false, fields: { [field]: code } });
  });

  it("reads the category-{group cuid} filters", () => {
    expect(
      categoryGroupFilters({
        [`category-${CUID}`]: `${CUID_2},${CUID_2}`,
        [`category-${CUID_2}`]: "",
      }),
    ).toEqual({ ok: true, value: { [CUID]: [CUID_2] } });
    expect(categoryGroupFilters({ [`category-${CUID}`]: "Sport" })).toEqual({
      ok: false,
      fields: { [`category-${CUID}`]: "INVALID_FORMAT" },
    });
  });

  it("parses URLSearchParams with the category groups", () => {
    const params = new URLSearchParams(
      `search=tennis&location=${CUID}&location=${CUID_2}&category-${CUID}=${CUID_2}&preview=true`,
    );
    expect(parseCatalogueFilters(params)).toMatchObject({
      ok: true,
      value: {
        search: "tennis",
        location: [CUID, CUID_2],
        category_groups: { [CUID]: [CUID_2] },
        page_number: 1,
      },
    });
    const parsed = parseCatalogueFilters(params);
    expect(parsed.ok && "preview" in parsed.value).toBe(false);
    expect(parseCatalogueFilters({ date: "nope", [`category-${CUID}`]: "X" })).toEqual({
      ok: false,
      fields: { date: "INVALID_DATE", [`category-${CUID}`]: "INVALID_FORMAT" },
    });
  });
});

describe("page trees", () => {
  const tree = [
    {
      id: 1,
      element: "section",
      family: "content",
      type: null,
      name: "basic",
      settings: {},
      children: [
        {
          id: 2,
          element: "container",
          family: "layout",
          type: null,
          name: "grid",
          settings: { columns: 0 },
          children: [
            {
              element: "block",
              family: "content",
              type: null,
              name: "heading",
              settings: { text: "Hidden" },
            },
          ],
        },
        {
          id: 3,
          element: "container",
          family: "layout",
          type: null,
          name: "basic",
          settings: {},
          children: [
            {
              element: "block",
              family: "content",
              type: null,
              name: "heading",
              settings: { text: "Shown" },
            },
            { element: "block", family: "content", type: null, name: "marquee", settings: {} },
          ],
        },
      ],
    },
  ];

  it("pageElement checks the shape of a stored tree", () => {
    expect(pageElement.safeParse(tree[0]).success).toBe(true);
    expect(pageElement.safeParse({ ...tree[0], element: "page" }).success).toBe(false);
  });

  it("parseElementTree drops invalid elements with their children", () => {
    const parsed = parseElementTree(tree);
    expect(parsed).toHaveLength(1);
    const [section] = parsed;
    expect(section?.key).toBe("section:basic");
    expect(section?.children.map((child) => child.key)).toEqual(["container:basic"]);
    const heading = section?.children[0]?.children[0];
    expect(heading?.key).toBe("block:heading");
    if (heading?.key === "block:heading") expect(heading.settings.font_size).toBe("32px");
    expect(section?.children[0]?.children).toHaveLength(1);
  });
});

describe("demo pages", () => {
  function* walk(nodes: ElementNode[], trail: string): Generator<[string, ElementNode]> {
    for (const [index, node] of nodes.entries()) {
      const here = `${trail} › ${index}:${node.element}:${node.name}`;
      yield [here, node];
      yield* walk(node.children ?? [], here);
    }
  }

  /** Settings keys that the schema does not know (they would be dropped silently). */
  function unknownKeys(node: ElementNode): string[] {
    const schema = ELEMENT_SETTINGS[`${node.element}:${node.name}` as ElementKey];
    const shape = "shape" in schema ? (schema.shape as Record<string, unknown>) : {};
    return Object.keys(node.settings).filter((key) => !(key in shape));
  }

  const seededRefs = {
    catalogs: Object.fromEntries(
      ["stages", "cours-annee", "camps", "classes"].map((key, index) => [
        key,
        { id: index + 1, cuid: `catalog${index}${CUID.slice(8)}` },
      ]),
    ),
    segments: Object.fromEntries(
      ["stages-ete", "theme-nature", "camps-summer", "camps-football"].map((key, index) => [
        key,
        { id: index + 1, cuid: `segment${index}${CUID.slice(8)}` },
      ]),
    ),
    resources: { "court-1": { id: 11, cuid: CUID }, "court-2": { id: 12, cuid: CUID_2 } },
  };

  const cases: [string, DemoPage[]][] = [
    ["fr", DEMO_PAGES.fr],
    ["en", DEMO_PAGES.en],
    ["fr with seeded refs", demoPages("fr", seededRefs)],
    ["en with seeded refs", demoPages("en", seededRefs)],
  ];

  it.each(cases)("every element of every %s page parses", (_, pages) => {
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      for (const [where, node] of walk(page.elements, page.path)) {
        const key = `${node.element}:${node.name}` as ElementKey;
        const result = parseElementSettings(node.element, node.name, node.settings);
        expect(result, where).toMatchObject({ ok: true });
        expect(node.family, where).toBe(ELEMENT_FAMILIES[key]);
        expect(unknownKeys(node), where).toEqual([]);
        expect(pageElement.safeParse(node).success, where).toBe(true);
      }
      expect(parseElementTree(page.elements)).toHaveLength(page.elements.length);
    }
  });

  it("composes the pages the demo needs", () => {
    const names = (pages: DemoPage[], path: string) => {
      const page = pages.find((candidate) => candidate.path === path);
      if (!page) throw new Error(`missing page ${path}`);
      return [...walk(page.elements, path)].map(([, node]) => node.name);
    };
    for (const [language, timetable, offers] of [
      ["fr", "/horaires", "/offres"],
      ["en", "/timetable", "/memberships"],
    ] as const) {
      const pages = DEMO_PAGES[language];
      const home = names(pages, "/");
      expect(home[0]).toBe("split-hero");
      expect(home).toEqual(
        expect.arrayContaining(["heading", "feature-highlight", "faq", "alert", "flex"]),
      );
      expect(
        home.includes("availabilities-quick-list") || home.includes("availabilities-cards-grid"),
      ).toBe(true);
      expect(names(pages, "/catalogue")).toEqual(
        expect.arrayContaining(["header", "availabilities-cards"]),
      );
      expect(names(pages, timetable)).toContain("availabilities-weekly-calendar");
      expect(names(pages, offers)).toEqual(
        expect.arrayContaining(["memberships-cards-grid", "vouchers-cards-grid", "bundles-grid"]),
      );
      const hero = pages[0]?.elements[0]?.settings as { image?: string };
      expect(hero.image).toBe("/demo-images/nature-camp.svg");
      expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
    }
    expect(names(DEMO_PAGES.fr, "/terrains")).toContain("resources-daily-schedule");
    for (const [language, privacy] of [
      ["fr", "/vie-privee"],
      ["en", "/privacy"],
    ] as const) {
      const pages = DEMO_PAGES[language];
      expect(names(pages, "/contact")).toContain("contact-details");
      expect(names(pages, "/faq")).toContain("faq");
      expect(names(pages, "/terms")).toContain("rich-text");
      expect(names(pages, privacy)).toContain("rich-text");
    }
  });

  it("narrows the summer camps sections to the camps catalog and the summer segment", () => {
    const settingsOf = (pages: DemoPage[], path: string, name: string) =>
      [...walk(pages.find((page) => page.path === path)?.elements ?? [], path)].find(
        ([, node]) => node.name === name,
      )?.[1].settings as { catalog?: string[]; segment?: string[] };
    const fr = demoPages("fr", seededRefs);
    const en = demoPages("en", seededRefs);
    const summer = {
      fr: {
        catalog: [seededRefs.catalogs.stages?.cuid],
        segment: [seededRefs.segments["stages-ete"]?.cuid],
      },
      en: {
        catalog: [seededRefs.catalogs.camps?.cuid],
        segment: [seededRefs.segments["camps-summer"]?.cuid],
      },
    };
    expect(settingsOf(fr, "/", "availabilities-cards-grid")).toMatchObject(summer.fr);
    expect(settingsOf(fr, "/stages/ete", "availabilities-cards-grid")).toMatchObject(summer.fr);
    expect(settingsOf(en, "/camps/summer", "availabilities-cards-grid")).toMatchObject(summer.en);
  });

  it("fills catalogs and resources in from the seeded rows, and leaves them empty without", () => {
    const find = (pages: DemoPage[], name: string) =>
      pages
        .flatMap((page) => [...walk(page.elements, page.path)])
        .find(([, n]) => n.name === name)?.[1].settings as Record<string, unknown>;
    expect(find(DEMO_PAGES.fr, "resources-daily-schedule").resources).toEqual([]);
    expect(find(demoPages("fr", seededRefs), "resources-daily-schedule").resources).toEqual([
      11, 12,
    ]);
    expect(find(DEMO_PAGES.fr, "availabilities-weekly-calendar").catalog).toEqual([]);
    expect(find(demoPages("fr", seededRefs), "availabilities-weekly-calendar").catalog).toEqual([
      seededRefs.catalogs[DEMO_PAGE_REF_KEYS.fr.classesCatalog]?.cuid,
    ]);
  });
});
