import type { AnyElementDefinition } from "./types";

/**
 * Where each page-builder element's drawing lives, by key "<element>:<name>" (ELEMENT_SETTINGS of
 * the contracts). A page downloads only the modules of the elements it shows (decision 0057): the
 * server loads them before rendering (load.server.ts), the browser before hydrating
 * (entry.client.tsx reads the keys the page announces in `data-elements`) and, on a client
 * navigation, while the router's transition keeps the previous page on screen.
 */
type ElementModule = () => Promise<readonly AnyElementDefinition[]>;

const layout: ElementModule = () =>
  import("./content/layout").then((module) => [...module.contentSections, ...module.containers]);
const blocks: ElementModule = () =>
  import("./content/blocks").then((module) => module.contentBlocks);
const contactDetails: ElementModule = () =>
  import("./content/contact-details").then((module) => [module.contactDetailsBlock]);
const grids: ElementModule = () => import("./grids").then((module) => module.catalogueGrids);
const latestArticles: ElementModule = () =>
  import("./blog/latest-articles").then((module) => [module.blogLatestArticlesSection]);
const cards: ElementModule = () =>
  import("./catalogue/availabilities-cards").then((module) => [
    module.availabilitiesCardsSection,
    module.availabilitiesCardsGridSection,
  ]);
const quickList: ElementModule = () =>
  import("./catalogue/availabilities-quick-list").then((module) => [
    module.availabilitiesQuickListSection,
  ]);
const weeklyCalendar: ElementModule = () =>
  import("./catalogue/availabilities-weekly-calendar").then((module) => [
    module.availabilitiesWeeklyCalendarSection,
  ]);
const resourcesSchedules: ElementModule = () =>
  import("./catalogue/resources-schedules").then((module) => [
    module.availabilitiesResourcesScheduleSection,
    module.resourcesDailyScheduleSection,
  ]);
const inlineFilters: ElementModule = () =>
  import("./catalogue/inline-filters").then((module) => [module.inlineFiltersSection]);
const availabilityDetail: ElementModule = () =>
  import("./catalogue/availability-detail").then((module) => [module.availabilityDetailSection]);
const activityPage: ElementModule = () =>
  import("./catalogue/activity-page").then((module) => [module.activityPageSection]);

export const ELEMENT_MODULES: Readonly<Record<string, ElementModule>> = {
  "section:banner": layout,
  "section:basic": layout,
  "section:container": layout,
  "section:header": layout,
  "section:split-hero": layout,
  "container:basic": layout,
  "container:flex": layout,
  "container:grid": layout,
  "block:alert": blocks,
  "block:button": blocks,
  "block:faq": blocks,
  "block:feature-highlight": blocks,
  "block:heading": blocks,
  "block:iframe": blocks,
  "block:image": blocks,
  "block:paragraph": blocks,
  "block:rich-text": blocks,
  "block:tabs": blocks,
  "block:contact-details": contactDetails,
  "section:memberships-cards-grid": grids,
  "section:vouchers-cards-grid": grids,
  "section:bundles-grid": grids,
  "section:activities-grid": grids,
  "section:blog-latest-articles": latestArticles,
  "section:availabilities-cards": cards,
  "section:availabilities-cards-grid": cards,
  "section:availabilities-quick-list": quickList,
  "section:availabilities-weekly-calendar": weeklyCalendar,
  "section:availabilities-resources-schedule": resourcesSchedules,
  "section:resources-daily-schedule": resourcesSchedules,
  "section:inline-filters": inlineFilters,
  "section:availability-detail": availabilityDetail,
  "section:activity-page": activityPage,
};

/**
 * The elements whose data a server loader reads (sections/loaders.server.ts has exactly these;
 * a unit test holds them equal): the preview asks the server for their data.
 */
export const LOADING_ELEMENTS: ReadonlySet<string> = new Set([
  "block:contact-details",
  "section:memberships-cards-grid",
  "section:vouchers-cards-grid",
  "section:bundles-grid",
  "section:activities-grid",
  "section:blog-latest-articles",
  "section:availabilities-cards",
  "section:availabilities-cards-grid",
  "section:availabilities-quick-list",
  "section:availabilities-weekly-calendar",
  "section:availabilities-resources-schedule",
  "section:resources-daily-schedule",
  "section:inline-filters",
  "section:activity-page",
]);

export function hasRenderer(key: string): boolean {
  return Object.hasOwn(ELEMENT_MODULES, key);
}

const loaded = new Map<string, AnyElementDefinition>();
const loading = new Map<ElementModule, Promise<void>>();
const waiting = new Map<string, Promise<AnyElementDefinition | undefined>>();

function loadModule(module: ElementModule): Promise<void> {
  let promise = loading.get(module);
  if (!promise) {
    promise = module().then(
      (definitions) => {
        for (const definition of definitions) loaded.set(definition.key, definition);
      },
      (error: unknown) => {
        // A failed download (network) is forgotten, so that the next render tries again.
        loading.delete(module);
        throw error;
      },
    );
    loading.set(module, promise);
  }
  return promise;
}

/** Loads the modules of these elements (each module once); unknown keys are ignored. */
export async function loadElements(keys: Iterable<string>): Promise<void> {
  const modules = new Set<ElementModule>();
  for (const key of keys) {
    if (!loaded.has(key) && hasRenderer(key)) modules.add(ELEMENT_MODULES[key] as ElementModule);
  }
  await Promise.all([...modules].map(loadModule));
}

/** The element's drawing when its module is loaded already. */
export function loadedElement(key: string): AnyElementDefinition | undefined {
  return loaded.get(key);
}

/** The element's drawing once loaded: one promise per key, as React's use() needs. */
export function elementWhenLoaded(key: string): Promise<AnyElementDefinition | undefined> {
  let promise = waiting.get(key);
  if (!promise) {
    promise = loadElements([key]).then(
      () => loaded.get(key),
      (error: unknown) => {
        waiting.delete(key);
        throw error;
      },
    );
    waiting.set(key, promise);
  }
  return promise;
}
