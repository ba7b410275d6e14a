import type {
  ElementKey,
  ElementSettings,
  PageElementNode,
  StorefrontOrganiser,
  StorefrontReader,
} from "@booking/contracts";
import type { ReactNode } from "react";

/** What a section's loader gets: its validated settings, the page URL (filters live in its query). */
export interface SectionLoadArgs<Settings> {
  settings: Settings;
  url: URL;
  reader: StorefrontReader;
  organiser: StorefrontOrganiser;
  element: PageElementNode;
}

export interface SectionProps<Settings, Data> {
  settings: Settings;
  data: Data;
  element: PageElementNode;
  /** rendered child elements (containers and sections that hold blocks) */
  children?: ReactNode;
}

/**
 * How one page-builder element draws: `key` is "<element>:<name>" as in ELEMENT_SETTINGS of the
 * contracts, and `Component` renders with the settings already validated and the data its server
 * loader read (ElementLoader, in `*.server.ts` modules: they never reach the browser).
 */
export interface ElementDefinition<Settings = unknown, Data = undefined> {
  key: string;
  Component: (props: SectionProps<Settings, Data>) => ReactNode;
}

/** The server part of an element that reads data: run by the page loader, result serialised. */
export interface ElementLoader<Settings = unknown, Data = unknown> {
  key: string;
  load: (args: SectionLoadArgs<Settings>) => Promise<Data>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of every settings type
export type AnyElementDefinition = ElementDefinition<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: a registry holds loaders of every settings type
export type AnyElementLoader = ElementLoader<any, any>;

/** An element's drawing typed by its contract key (settings as read, defaults applied). */
export function defineElement<K extends ElementKey, Data = undefined>(
  definition: ElementDefinition<ElementSettings<K>, Data> & { key: K },
): ElementDefinition<ElementSettings<K>, Data> & { key: K } {
  return definition;
}

/** An element's server loader typed by its contract key. */
export function defineLoader<K extends ElementKey, Data>(
  key: K,
  load: (args: SectionLoadArgs<ElementSettings<K>>) => Promise<Data>,
): ElementLoader<ElementSettings<K>, Data> {
  return { key, load };
}
