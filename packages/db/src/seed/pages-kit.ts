import {
  ELEMENT_FAMILIES,
  type ElementKey,
  type ElementNode,
  type ElementSettingsInput,
} from "@booking/contracts";

// What the demo pages are made of: their type, the seeded rows they point at, and element
// helpers typed by the contracts' settings schemas (a wrong setting is a type error, and
// packages/contracts/test/page-elements.test.ts parses every element with parseElementSettings).

export type DemoPage = {
  /** Site path without the language prefix. */
  path: string;
  type: "DEFAULT" | "AVAILABILITY";
  title: string;
  /** The meta description. */
  description: string;
  elements: ElementNode[];
};

export type DemoLanguage = "fr" | "en";

type SeededRef = { id: number; cuid: string };

/** Rows the seed wrote before the pages, by the demo descriptions' keys. */
export type DemoPageRefs = {
  catalogs?: Record<string, SeededRef>;
  segments?: Record<string, SeededRef>;
  resources?: Record<string, SeededRef>;
};

/**
 * The seeded rows the pages point at, by demo key (a missing key is left out, which a section
 * reads as "no restriction"). `camps` and `classes` are catalogs; each `segments` entry is an
 * AVAILABILITIES segment of demo-fr.ts / demo-en.ts that a camps page adds to the camps catalog
 * (a holiday period or a theme).
 */
export const DEMO_PAGE_REF_KEYS = {
  fr: {
    campsCatalog: "stages",
    classesCatalog: "cours-annee",
    courts: ["court-1", "court-2"],
  },
  en: { campsCatalog: "camps", classesCatalog: "classes", courts: [] as string[] },
} as const satisfies Record<
  DemoLanguage,
  { campsCatalog: string; classesCatalog: string; courts: readonly string[] }
>;

export const cuidsOf = (refs: Record<string, SeededRef> | undefined, ...keys: string[]) =>
  keys.flatMap((key) => (refs?.[key] ? [refs[key].cuid] : []));
export const idsOf = (refs: Record<string, SeededRef> | undefined, keys: readonly string[]) =>
  keys.flatMap((key) => (refs?.[key] ? [refs[key].id] : []));

type NameIn<E extends string> = ElementKey extends infer K
  ? K extends `${E}:${infer N}`
    ? N
    : never
  : never;
type KeyOf<E extends string, N extends string> = Extract<ElementKey, `${E}:${N}`>;

function node(key: ElementKey, settings: unknown, children?: ElementNode[]): ElementNode {
  const [element, name] = key.split(":") as [ElementNode["element"], string];
  return {
    element,
    family: ELEMENT_FAMILIES[key],
    type: null,
    name,
    settings,
    ...(children ? { children } : {}),
  } as ElementNode;
}

export const section = <N extends NameIn<"section">>(
  name: N,
  settings: ElementSettingsInput<KeyOf<"section", N>>,
  children?: ElementNode[],
) => node(`section:${name}` as ElementKey, settings, children);

export const container = <N extends NameIn<"container">>(
  name: N,
  settings: ElementSettingsInput<KeyOf<"container", N>>,
  children: ElementNode[],
) => node(`container:${name}` as ElementKey, settings, children);

export const block = <N extends NameIn<"block">>(
  name: N,
  settings: ElementSettingsInput<KeyOf<"block", N>>,
) => node(`block:${name}` as ElementKey, settings);

/** A section holding one plain container of blocks. */
export const blocks = (
  settings: ElementSettingsInput<"section:basic">,
  children: ElementNode[],
): ElementNode => section("basic", settings, [container("basic", {}, children)]);

/** Rich text from paragraphs and headings written as HTML strings. */
export const html = (...parts: string[]) => block("rich-text", { html: parts.join("") });

/**
 * A page of text (privacy, terms, about): its header, then the sections given, in the site's
 * reading width.
 */
export function textPage(
  page: Omit<DemoPage, "type" | "elements"> & { subtitle: string },
  ...sections: ElementNode[]
): DemoPage {
  return {
    path: page.path,
    type: "DEFAULT",
    title: page.title,
    description: page.description,
    elements: [
      section("header", { title: page.title, subtitle: page.subtitle, breadcrumb: true }),
      ...sections,
    ],
  };
}
