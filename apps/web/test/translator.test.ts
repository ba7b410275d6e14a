import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createTranslator, type Messages, whenTranslated } from "../app/i18n/translator";

const MESSAGES: Messages = {
  cart: {
    items_one: "{{count}} item",
    items_other: "{{count}} items",
    items_zero: "Empty",
    places_one: "{{count}} place left in {{where.city}}",
    places_other: "{{count}} places left in {{where.city}}",
    hello: "Hello {{name}}, {{name}}!",
    plain: "Plain",
    blank: "",
  },
};

describe("the translator", () => {
  it("chooses plural forms by the language's rules, _zero first for 0, and interpolates", () => {
    const { t } = createTranslator("en", structuredClone(MESSAGES));
    expect(t("cart.items", { count: 1 })).toBe("1 item");
    expect(t("cart.items", { count: 3 })).toBe("3 items");
    expect(t("cart.items", { count: 0 })).toBe("Empty");
    expect(t("cart.places", { count: 0, where: { city: "Liège" } })).toBe("0 places left in Liège");
    expect(t("cart.hello", { name: "Léa" })).toBe("Hello Léa, Léa!");
    // A placeholder without a value stays as written, as with i18next.
    expect(t("cart.hello")).toBe("Hello {{name}}, {{name}}!");
    expect(t("cart.blank")).toBe("");
    expect(t("cart")).toBe("cart");
  });

  it("uses French plural rules: 0 and 1 are singular, a million is 'many' then 'other'", () => {
    const { t } = createTranslator("fr", {
      n_one: "{{count}} place",
      n_other: "{{count}} places",
    });
    expect(t("n", { count: 0 })).toBe("0 place");
    expect(t("n", { count: 1 })).toBe("1 place");
    expect(t("n", { count: 2 })).toBe("2 places");
    expect(t("n", { count: 1_000_000 })).toBe("1000000 places");
  });

  it("reads a missing key as its default value, else what the missing-key handler says", () => {
    expect(createTranslator("en", {}).t("a.b")).toBe("a.b");
    expect(createTranslator("en", {}).t("a.b", { defaultValue: "Default" })).toBe("Default");
    const missing = vi.fn(() => "");
    const translator = createTranslator("en", {}, missing);
    expect(translator.t("a.b")).toBe("");
    expect(missing).toHaveBeenCalledWith("a.b", undefined);
    expect(translator.exists("a.b")).toBe(false);
  });

  it("takes more messages, telling its readers only when asked to", () => {
    const translator = createTranslator("en", { a: { kept: "Kept" } });
    const listener = vi.fn();
    translator.subscribe(listener);
    translator.addMessages({ a: { kept: "Replaced", added: "Added" } });
    expect(translator.t("a.kept")).toBe("Kept");
    expect(translator.t("a.added")).toBe("Added");
    expect(listener).not.toHaveBeenCalled();
    translator.addMessages(
      { a: { kept: "Replaced" }, b_one: "One" },
      { overwrite: true, notify: true },
    );
    expect(translator.t("a.kept")).toBe("Replaced");
    expect(translator.exists("b")).toBe(true);
    expect(translator.version).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

const I18N_DIR = path.resolve(import.meta.dirname, "../app/i18n");
const APP_DIR = path.resolve(import.meta.dirname, "../app");

function strings(node: unknown, at: string[] = []): Array<[string, string]> {
  if (typeof node === "string") return [[at.join("."), node]];
  return Object.entries(node as Messages).flatMap(([name, value]) => strings(value, [...at, name]));
}

describe("the translation files", () => {
  it("use only what the translator reads: {{name}} placeholders, no i18next nesting or formats", () => {
    const files = readdirSync(I18N_DIR, { recursive: true, encoding: "utf8" }).filter(
      (file) => file.endsWith(".json") && file.includes(path.sep),
    );
    expect(files.length).toBeGreaterThan(8);
    const unsupported: string[] = [];
    for (const file of files) {
      const messages = JSON.parse(readFileSync(path.join(I18N_DIR, file), "utf8"));
      for (const [key, text] of strings(messages)) {
        const withoutPlaceholders = text.replace(/\{\{\s*[\w.]+\s*\}\}/g, "");
        if (/\{\{|\$t\(/.test(withoutPlaceholders)) unsupported.push(`${file}: ${key}`);
      }
    }
    expect(unsupported).toEqual([]);
  });

  it("are read through the app's translator: nothing imports i18next or react-i18next", () => {
    const sources = readdirSync(APP_DIR, { recursive: true, encoding: "utf8" }).filter((file) =>
      /\.tsx?$/.test(file),
    );
    const importing = sources.filter((file) =>
      /from "(react-)?i18next"/.test(readFileSync(path.join(APP_DIR, file), "utf8")),
    );
    expect(importing).toEqual([]);
  });
});

describe("whenTranslated", () => {
  it("gives a string the translator has at once", async () => {
    const translator = createTranslator("fr", {
      cart: { messages: { updated: "Panier mis à jour." } },
    });
    expect(await whenTranslated(translator, "cart.messages.updated")).toBe("Panier mis à jour.");
  });

  it("waits for a string still loading instead of giving it empty", async () => {
    // As a page's translator before its area's files are there: a missing key reads empty and
    // asks for them.
    let asked = 0;
    const translator = createTranslator("fr", {}, () => {
      asked += 1;
      return "";
    });
    let text: string | null = null;
    void whenTranslated(translator, "cart.messages.updated").then((found) => {
      text = found;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toBe(1);
    expect(text).toBeNull();
    translator.addMessages({ layout: { title: "Accueil" } }, { notify: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(text).toBeNull();
    translator.addMessages(
      { cart: { messages: { updated: "Panier mis à jour." } } },
      { notify: true },
    );
    await vi.waitFor(() => expect(text).toBe("Panier mis à jour."));
  });
});
