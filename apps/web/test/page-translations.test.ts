import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { loadAllTranslations, messagesOfKeys, recordingTranslator, sharedI18n } from "../app/i18n";
import {
  createPageStrings,
  PageStringsContext,
  PageTranslations,
  pageStringsScript,
} from "../app/i18n/page-translations";
import { useTranslation } from "../app/i18n/react";

await loadAllTranslations();

describe("the strings a server render sends with the page", () => {
  it("notes the keys useTranslation's t asks for, with their plural forms, and nothing else", () => {
    const used = new Set<string>();
    const { t } = recordingTranslator(sharedI18n("fr"), used);
    expect(t("common.skip_to_content")).toBe("Aller au contenu");
    t("catalogue.price");
    t("no.such.key");
    expect([...used]).toEqual(["common.skip_to_content", "catalogue.price", "no.such.key"]);

    const sent = messagesOfKeys("fr", "storefront", used);
    expect(sent).toEqual({
      common: { skip_to_content: "Aller au contenu" },
      catalogue: { price: expect.any(String) },
    });
  });

  it("sends a plural key's forms, and the browser's instance reads them and interpolates", () => {
    const pluralKey = findPluralKey(messagesOfKeys("en", "storefront", ["catalogue"]));
    const sent = messagesOfKeys("en", "storefront", [pluralKey]);
    const used = new Set<string>();
    recordingTranslator(sharedI18n("en"), used).t(pluralKey, { count: 2 });
    expect(messagesOfKeys("en", "storefront", used)).toEqual(sent);
    const leaf = pluralKey
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part] ?? node, sent);
    expect(leaf).not.toBeUndefined();
    const forms = Object.keys(
      pluralKey
        .split(".")
        .slice(0, -1)
        .reduce<Record<string, unknown>>(
          (node, part) => node[part] as Record<string, unknown>,
          sent as Record<string, unknown>,
        ),
    );
    expect(forms.some((name) => name.endsWith("_one"))).toBe(true);
    expect(forms.some((name) => name.endsWith("_other"))).toBe(true);
  });
});

/** The first key of the bundle that has `_one` and `_other` forms. */
function findPluralKey(node: Record<string, unknown>, path: string[] = []): string {
  for (const [name, value] of Object.entries(node)) {
    if (typeof value === "object" && value !== null) {
      const found = findPluralKey(value as Record<string, unknown>, [...path, name]);
      if (found) return found;
    } else if (name.endsWith("_one") && `${name.slice(0, -4)}_other` in node) {
      return [...path, name.slice(0, -4)].join(".");
    }
  }
  return "";
}

function Skip() {
  const { t } = useTranslation();
  return createElement("a", { href: "#main" }, t("common.skip_to_content"));
}

it("a server render notes the strings its components used, for the script after the page", () => {
  const strings = createPageStrings();
  const html = renderToString(
    createElement(
      PageStringsContext.Provider,
      { value: strings },
      createElement(PageTranslations, {
        language: "fr",
        area: "storefront",
        // biome-ignore lint/correctness/noChildrenProp: the component's props type asks for children
        children: createElement(Skip),
      }),
    ),
  );
  expect(html).toBe('<a href="#main">Aller au contenu</a>');
  const script = pageStringsScript(strings);
  expect(script).toMatch(/^<script id="page-translations" type="application\/json">.*<\/script>$/);
  const sent = JSON.parse(script.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, ""));
  // The strings the render used, and the validation messages a first submit may show.
  expect(sent.common).toEqual({ skip_to_content: "Aller au contenu" });
  expect(sent.forms.errors.REQUIRED).toBe("Ce champ est obligatoire.");
  expect(pageStringsScript(createPageStrings())).toBe("");
});
