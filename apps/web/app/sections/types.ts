import type { PageElementNode, StorefrontOrganiser, StorefrontReader } from "@booking/contracts";
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
 * One page-builder element: `key` is "<element>:<name>" as in ELEMENT_SETTINGS of the contracts;
 * `load` runs on the server in the page loader (its result is serialised to the client), and
 * `Component` renders with the settings already validated.
 */
export interface ElementDefinition<Settings = unknown, Data = undefined> {
  key: string;
  load?: (args: SectionLoadArgs<Settings>) => Promise<Data>;
  Component: (props: SectionProps<Settings, Data>) => ReactNode;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of every settings type
export type AnyElementDefinition = ElementDefinition<any, any>;
