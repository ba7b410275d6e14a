import { use } from "react";

/**
 * Modules that the first render of only some pages draws, kept out of the chunks of the elements
 * that may show them: the filters panel (with its fields and calendar) is drawn by the catalogue's
 * cards but not by the home page's cards without filters, which then do not download it
 * (decision 0069). As with elements (decision 0057): the server waits for the part while
 * rendering; the part's root names it in the page (`data-part`, `partAttribute`) and the browser's
 * entry loads the parts the page names before hydrating (no fallback, no shift); on a client
 * navigation the render suspends until it is there, the router's transition keeping the previous
 * page on screen.
 */
const PART_MODULES = {
  filters: () => import("../components/filters/filters-panel"),
};

export type PartName = keyof typeof PART_MODULES;
type PartModule<N extends PartName> = Awaited<ReturnType<(typeof PART_MODULES)[N]>>;

const loaded = new Map<PartName, unknown>();
const loading = new Map<PartName, Promise<unknown>>();

function isPartName(name: string | undefined): name is PartName {
  return name !== undefined && Object.hasOwn(PART_MODULES, name);
}

function loadPart<N extends PartName>(name: N): Promise<PartModule<N>> {
  let promise = loading.get(name);
  if (!promise) {
    promise = PART_MODULES[name]().then(
      (module) => {
        loaded.set(name, module);
        return module;
      },
      (error: unknown) => {
        // A failed download (network) is forgotten, so that the next render tries again.
        loading.delete(name);
        throw error;
      },
    );
    loading.set(name, promise);
  }
  return promise as Promise<PartModule<N>>;
}

/** The attribute a part's root carries, naming it for the browser's entry. */
export function partAttribute(name: PartName) {
  return { "data-part": name };
}

/** Loads the parts named in the document (the browser's entry, before hydrating). */
export async function loadPagePartsOf(root: ParentNode): Promise<void> {
  const names = [...root.querySelectorAll<HTMLElement>("[data-part]")].map(
    (node) => node.dataset.part,
  );
  await Promise.all([...new Set(names.filter(isPartName))].map(loadPart));
}

/** The part's module: at once when loaded, else the render suspends until it is. */
export function usePart<N extends PartName>(name: N): PartModule<N> {
  return (loaded.get(name) as PartModule<N> | undefined) ?? use(loadPart(name));
}
