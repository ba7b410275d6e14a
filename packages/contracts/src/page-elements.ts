import "./zod-config.ts";
import { z } from "zod";
import { blogLatestArticlesSettings } from "./page-elements/blog.ts";
import {
  activitiesGridSettings,
  activityPageSettings,
  availabilitiesCardsGridSettings,
  availabilitiesCardsSettings,
  availabilitiesQuickListSettings,
  availabilitiesResourcesScheduleSettings,
  availabilitiesWeeklyCalendarSettings,
  availabilityDetailSettings,
  bundlesGridSettings,
  inlineFiltersSettings,
  membershipsCardsGridSettings,
  resourcesDailyScheduleSettings,
  vouchersCardsGridSettings,
} from "./page-elements/catalogue.ts";
import {
  alertSettings,
  bannerSettings,
  basicContainerSettings,
  basicSectionSettings,
  buttonSettings,
  contactDetailsSettings,
  containerSectionSettings,
  faqSettings,
  featureHighlightSettings,
  flexContainerSettings,
  gridContainerSettings,
  headerSectionSettings,
  headingSettings,
  iframeSettings,
  imageSettings,
  paragraphSettings,
  richTextSettings,
  splitHeroSettings,
  tabsSettings,
} from "./page-elements/content.ts";
import { ELEMENT_KINDS, MAX_ELEMENT_CHILDREN, MAX_ELEMENT_DEPTH } from "./page-elements/limits.ts";

// The page builder's elements (spec §3 "Page element"): a page is a tree of sections, containers
// and blocks, each with free-form settings that are validated on read (spec §5: "if parsing fails
// the section renders nothing"). Settings schemas strip unknown keys, so settings written by a
// newer console still render.

export * from "./page-elements/blog.ts";
export * from "./page-elements/catalogue.ts";
export * from "./page-elements/content.ts";
export * from "./page-elements/filters.ts";
export {
  ELEMENT_KINDS,
  type ElementKind,
  MAX_ELEMENT_CHILDREN,
  MAX_ELEMENT_DEPTH,
} from "./page-elements/limits.ts";
export { type PageElement, pageContent, pageElement } from "./page-elements/page-content.ts";
export {
  CUID_PATTERN,
  DEFAULT_SCHEDULE_HOURS,
  httpsUrl,
  imageSrc,
  isHttpsUrl,
  isSafeLinkHref,
  linkHref,
  MAX_URL_LENGTH,
  SCHEDULE_UNITS_PER_HOUR,
} from "./page-elements/primitives.ts";

/** Settings schema of every element, keyed "<element>:<name>". */
export const ELEMENT_SETTINGS = {
  // Sections, family "catalogue"
  "section:availabilities-cards": availabilitiesCardsSettings,
  "section:availabilities-cards-grid": availabilitiesCardsGridSettings,
  "section:availabilities-quick-list": availabilitiesQuickListSettings,
  "section:availabilities-weekly-calendar": availabilitiesWeeklyCalendarSettings,
  "section:availabilities-resources-schedule": availabilitiesResourcesScheduleSettings,
  "section:resources-daily-schedule": resourcesDailyScheduleSettings,
  "section:memberships-cards-grid": membershipsCardsGridSettings,
  "section:vouchers-cards-grid": vouchersCardsGridSettings,
  "section:bundles-grid": bundlesGridSettings,
  "section:activities-grid": activitiesGridSettings,
  "section:inline-filters": inlineFiltersSettings,
  "section:activity-page": activityPageSettings,
  "section:availability-detail": availabilityDetailSettings,
  // Sections, family "content": the blog
  "section:blog-latest-articles": blogLatestArticlesSettings,
  // Sections, family "content"
  "section:banner": bannerSettings,
  "section:basic": basicSectionSettings,
  "section:container": containerSectionSettings,
  "section:header": headerSectionSettings,
  "section:split-hero": splitHeroSettings,
  // Containers, family "layout"
  "container:basic": basicContainerSettings,
  "container:flex": flexContainerSettings,
  "container:grid": gridContainerSettings,
  // Blocks, family "content"
  "block:alert": alertSettings,
  "block:button": buttonSettings,
  "block:contact-details": contactDetailsSettings,
  "block:faq": faqSettings,
  "block:feature-highlight": featureHighlightSettings,
  "block:heading": headingSettings,
  "block:iframe": iframeSettings,
  "block:image": imageSettings,
  "block:paragraph": paragraphSettings,
  "block:rich-text": richTextSettings,
  "block:tabs": tabsSettings,
} as const;

export type ElementKey = keyof typeof ELEMENT_SETTINGS;
export const ELEMENT_KEYS = Object.keys(ELEMENT_SETTINGS) as ElementKey[];

export type ElementFamily = "catalogue" | "content" | "layout";

/** The family the console files each element under. */
export const ELEMENT_FAMILIES = {
  "section:availabilities-cards": "catalogue",
  "section:availabilities-cards-grid": "catalogue",
  "section:availabilities-quick-list": "catalogue",
  "section:availabilities-weekly-calendar": "catalogue",
  "section:availabilities-resources-schedule": "catalogue",
  "section:resources-daily-schedule": "catalogue",
  "section:memberships-cards-grid": "catalogue",
  "section:vouchers-cards-grid": "catalogue",
  "section:bundles-grid": "catalogue",
  "section:activities-grid": "catalogue",
  "section:inline-filters": "catalogue",
  "section:activity-page": "catalogue",
  "section:availability-detail": "catalogue",
  "section:blog-latest-articles": "content",
  "section:banner": "content",
  "section:basic": "content",
  "section:container": "content",
  "section:header": "content",
  "section:split-hero": "content",
  "container:basic": "layout",
  "container:flex": "layout",
  "container:grid": "layout",
  "block:alert": "content",
  "block:button": "content",
  "block:contact-details": "content",
  "block:faq": "content",
  "block:feature-highlight": "content",
  "block:heading": "content",
  "block:iframe": "content",
  "block:image": "content",
  "block:paragraph": "content",
  "block:rich-text": "content",
  "block:tabs": "content",
} as const satisfies Record<ElementKey, ElementFamily>;

/** Settings as stored (what the console writes and the seed declares): defaults may be left out. */
export type ElementSettingsInput<K extends ElementKey> = z.input<(typeof ELEMENT_SETTINGS)[K]>;
/** Settings as read (defaults applied): what the renderers receive. */
export type ElementSettings<K extends ElementKey> = z.output<(typeof ELEMENT_SETTINGS)[K]>;

type KindOf<K> = K extends `${infer E}:${string}` ? E : never;
type NameOf<K> = K extends `${string}:${infer N}` ? N : never;

/** One element of a page, typed by its key (element and name) with its stored settings. */
export type ElementNode = {
  [K in ElementKey]: {
    id?: number | string;
    element: KindOf<K>;
    family: (typeof ELEMENT_FAMILIES)[K];
    /** Free and nullable (spec §3); no renderer reads it yet. */
    type: string | null;
    name: NameOf<K>;
    settings: ElementSettingsInput<K>;
    children?: ElementNode[];
  };
}[ElementKey];

/** An element whose settings were validated: `key` tells the renderer which settings it holds. */
export type ParsedElementNode = {
  [K in ElementKey]: {
    id?: number | string;
    cuid?: string;
    key: K;
    element: KindOf<K>;
    family: string;
    type: string | null;
    name: NameOf<K>;
    settings: ElementSettings<K>;
    children: ParsedElementNode[];
  };
}[ElementKey];

export type SettingsIssue = { path: string; code: string };

export type ParseSettingsResult<T> =
  | { ok: true; value: T }
  | { ok: false; issues: SettingsIssue[] };

export function elementKey(element: string, name: string): string {
  return `${element}:${name}`;
}

export function isElementKey(key: string): key is ElementKey {
  return Object.hasOwn(ELEMENT_SETTINGS, key);
}

/**
 * Validates an element's settings and applies the defaults. `settings` may be missing (all
 * defaults) or a JSON string of the object. An unknown element fails with
 * `{ path: "name", code: "INVALID_CHOICE" }`.
 */
export function parseElementSettings<K extends ElementKey>(
  element: KindOf<K>,
  name: NameOf<K>,
  settings: unknown,
): ParseSettingsResult<ElementSettings<K>>;
export function parseElementSettings(
  element: string,
  name: string,
  settings: unknown,
): ParseSettingsResult<unknown>;
export function parseElementSettings(
  element: string,
  name: string,
  settings: unknown,
): ParseSettingsResult<unknown> {
  const key = elementKey(element, name);
  if (!isElementKey(key)) return { ok: false, issues: [{ path: "name", code: "INVALID_CHOICE" }] };
  let input = settings ?? {};
  if (typeof input === "string") {
    try {
      input = JSON.parse(input);
    } catch {
      return { ok: false, issues: [{ path: "", code: "INVALID_FORMAT" }] };
    }
  }
  const parsed = (ELEMENT_SETTINGS[key] as z.ZodType).safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join("."),
      code: issue.message,
    })),
  };
}

/** What parseElementTree needs of a stored element; the rest is checked with the settings. */
const storedElementShape = z.object({
  id: z.union([z.int(), z.string().max(100)]).optional(),
  cuid: z.string().max(100).optional().catch(undefined),
  element: z.enum(ELEMENT_KINDS),
  family: z.string().max(50).catch(""),
  type: z.string().max(50).nullish().catch(null),
  name: z.string().max(100),
  settings: z.unknown(),
  children: z.array(z.unknown()).optional().catch(undefined),
});

/**
 * Validates every element of a tree and keeps the valid ones with their settings parsed: an
 * element that is unknown, has invalid settings or lies deeper than MAX_ELEMENT_DEPTH is dropped
 * with its children (it "renders nothing").
 */
export function parseElementTree(nodes: readonly unknown[], depth = 1): ParsedElementNode[] {
  if (depth > MAX_ELEMENT_DEPTH) return [];
  const result: ParsedElementNode[] = [];
  for (const node of nodes.slice(0, MAX_ELEMENT_CHILDREN)) {
    const shape = storedElementShape.safeParse(node);
    if (!shape.success) continue;
    const { id, cuid, element, family, type, name, settings, children } = shape.data;
    const parsed = parseElementSettings(element, name, settings);
    if (!parsed.ok) continue;
    result.push({
      ...(id === undefined ? {} : { id }),
      ...(cuid === undefined ? {} : { cuid }),
      key: elementKey(element, name),
      element,
      family,
      type: type ?? null,
      name,
      settings: parsed.value,
      children: parseElementTree(children ?? [], depth + 1),
    } as ParsedElementNode);
  }
  return result;
}
