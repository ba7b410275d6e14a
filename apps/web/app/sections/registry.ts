import { blogLatestArticlesSection } from "./blog/latest-articles";
import { catalogueSections } from "./catalogue";
import { contentBlocks } from "./content/blocks";
import { containers, contentSections } from "./content/layout";
import { catalogueGrids } from "./grids";
import type { AnyElementDefinition } from "./types";

/**
 * Every element the storefront renders, by key "<element>:<name>" (ELEMENT_SETTINGS of the
 * contracts): content sections, containers and blocks, the product and activity grids, and the
 * availability catalogue sections and schedules (`sections/catalogue`).
 */
export const elementDefinitions: readonly AnyElementDefinition[] = [
  ...contentSections,
  ...containers,
  ...contentBlocks,
  ...catalogueGrids,
  ...catalogueSections,
  blogLatestArticlesSection,
];

function byKey(definitions: readonly AnyElementDefinition[]): Record<string, AnyElementDefinition> {
  const registry: Record<string, AnyElementDefinition> = Object.create(null);
  for (const definition of definitions) {
    if (registry[definition.key]) {
      console.warn(`[page] two renderers for "${definition.key}": the last one is used`);
    }
    registry[definition.key] = definition;
  }
  return registry;
}

export const elementRegistry: Readonly<Record<string, AnyElementDefinition>> =
  byKey(elementDefinitions);
