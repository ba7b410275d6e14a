import { describe, expect, it } from "vitest";
import { defaultSettings, settingDefinitions } from "../src/page-elements/definitions.ts";
import { ELEMENT_KEYS, parseElementSettings } from "../src/page-elements.ts";

describe("element setting definitions", () => {
  it("reads each setting's type, default and options off the settings schemas", () => {
    const heading = Object.fromEntries(
      settingDefinitions("block:heading").map((definition) => [definition.name, definition]),
    );
    expect(heading.level).toMatchObject({ type: "select", options: [1, 2, 3, 4], default: 2 });
    expect(heading.text).toMatchObject({ type: "text", required: true, default: "" });
    expect(heading.color).toMatchObject({ type: "color", default: "#000000" });
    expect(heading.font_weight).toMatchObject({ type: "number", min: 100, max: 900, step: 100 });
    expect(settingDefinitions("block:rich-text")[0]).toMatchObject({ type: "rich-text" });
    expect(settingDefinitions("block:faq")[0]).toMatchObject({
      type: "list",
      minItems: 1,
      item: [
        { name: "question", type: "text" },
        { name: "answer", type: "textarea" },
      ],
    });
    const banner = Object.fromEntries(
      settingDefinitions("section:banner").map((definition) => [definition.name, definition]),
    );
    expect(banner.image).toMatchObject({ type: "image", nullable: true, default: null });
    expect(banner.button_href).toMatchObject({ type: "link", nullable: true });
    const grid = settingDefinitions("section:activities-grid");
    expect(grid.find((definition) => definition.name === "ids")).toMatchObject({
      type: "references",
      reference: "activities",
    });
    expect(grid.find((definition) => definition.name === "catalog")?.reference).toBe("catalogs");
    // Every list of references names the records its picker lists (none is typed as ids).
    const kindOf = (key: Parameters<typeof settingDefinitions>[0], name: string) =>
      settingDefinitions(key).find((definition) => definition.name === name)?.reference;
    expect(kindOf("section:bundles-grid", "ids")).toBe("bundles");
    expect(kindOf("section:memberships-cards-grid", "ids")).toBe("memberships");
    expect(kindOf("section:vouchers-cards-grid", "ids")).toBe("vouchers");
    expect(kindOf("section:resources-daily-schedule", "resources")).toBe("resources");
    expect(kindOf("section:availabilities-cards", "segment")).toBe("segments");
  });

  it("gives every element defaults its schema accepts once the required fields are filled", () => {
    for (const key of ELEMENT_KEYS) {
      const [element, name] = key.split(":") as [string, string];
      const settings = defaultSettings(key);
      const parsed = parseElementSettings(element, name, settings);
      if (parsed.ok) continue;
      const required = new Set(
        settingDefinitions(key)
          .filter((definition) => definition.required || definition.minItems)
          .map((definition) => definition.name),
      );
      for (const issue of parsed.issues) {
        expect(required.has(issue.path.split(".")[0]!), `${key} ${issue.path}`).toBe(true);
      }
    }
  });
});
