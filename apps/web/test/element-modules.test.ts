import { describe, expect, it } from "vitest";
import {
  ELEMENT_MODULES,
  LOADING_ELEMENTS,
  loadElements,
  loadedElement,
} from "../app/sections/elements";
import { elementLoaders } from "../app/sections/loaders.server";

describe("page-builder elements load per page (decision 0057)", () => {
  it("draws every element from the module its key names", async () => {
    const keys = Object.keys(ELEMENT_MODULES);
    await loadElements(keys);
    for (const key of keys) expect(loadedElement(key)?.key, key).toBe(key);
  });

  it("loads only the modules of the keys asked for", async () => {
    const fresh = await import("../app/sections/elements?fresh" as string);
    await fresh.loadElements(["block:faq", "section:unknown"]);
    expect(fresh.loadedElement("block:faq")?.key).toBe("block:faq");
    expect(fresh.loadedElement("section:availabilities-cards")).toBeUndefined();
  });

  it("has a server loader for exactly the elements said to load data", () => {
    expect(new Set(Object.keys(elementLoaders))).toEqual(LOADING_ELEMENTS);
    for (const key of LOADING_ELEMENTS) expect(Object.hasOwn(ELEMENT_MODULES, key), key).toBe(true);
  });
});
