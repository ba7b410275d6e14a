import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import glossary from "../app/i18n/glossary.json";

/**
 * One glossary per language (app/i18n/glossary.json): every product term has one name, used by
 * the storefront, the account area and the console alike. A translation that uses a word the
 * glossary avoids (a second name for the same thing) fails here.
 */
const APP = path.resolve(import.meta.dirname, "../app");
const BUNDLES = ["common", "storefront", "console"] as const;
type Messages = { [key: string]: string | Messages };

function strings(messages: Messages, prefix: string): Array<[string, string]> {
  return Object.entries(messages).flatMap(
    ([key, value]): Array<[string, string]> =>
      typeof value === "string" ? [[`${prefix}${key}`, value]] : strings(value, `${prefix}${key}.`),
  );
}

/** The word (or words) on its own: "formule" but not "formulaire", "pack" but not "package". */
function wordPattern(word: string): RegExp {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}-])${escaped}(?![\\p{L}-])`, "iu");
}

describe.each(["fr", "en"] as const)("the %s glossary", (language) => {
  const terms = glossary[language];
  const texts = BUNDLES.flatMap((bundle) =>
    strings(
      JSON.parse(readFileSync(path.join(APP, "i18n", language, `${bundle}.json`), "utf8")),
      `${bundle}:`,
    ),
  );

  it("names every product term once (storefront, account and console)", () => {
    const found = terms.flatMap((term) =>
      term.avoid.flatMap((word) =>
        texts
          .filter(([, text]) => wordPattern(word).test(text))
          .map(
            ([key, text]) => `${key} says "${word}" for ${term.term} (use "${term.use}"): ${text}`,
          ),
      ),
    );
    expect(found).toEqual([]);
  });

  it("uses the chosen name of the terms the product sells", () => {
    for (const term of ["bundle", "membership", "voucher", "coupon"]) {
      const entry = terms.find((candidate) => candidate.term === term);
      const word = entry?.use.replace(/ \(.*\)$/, "") ?? "";
      expect(
        texts.some(([, text]) => wordPattern(word).test(text)),
        `${term}: ${word}`,
      ).toBe(true);
    }
  });
});
