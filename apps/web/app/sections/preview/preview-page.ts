import type { PageElement, PageElementNode, PageView } from "@booking/contracts";
import { sectionDataKey } from "@booking/contracts/website/preview";
import { LOADING_ELEMENTS } from "../elements";
import type { RenderNode } from "../tree";

/**
 * The editor's unsaved content as a page the renderer takes: elements are numbered in document
 * order (the renderer keys headings and data by number) and keep their cuid, by which the
 * preview names them (`data-builder-id`) and its sections' data is exchanged.
 */
export function previewPageView(content: readonly PageElement[], path: string): PageView {
  let next = 0;
  const toNode = (element: PageElement): PageElementNode => {
    next += 1;
    const id = next;
    return {
      id,
      cuid: element.cuid ?? (element.id === undefined ? `element-${id}` : String(element.id)),
      element: element.element,
      family: element.family,
      type: element.type,
      name: element.name,
      settings: element.settings,
      children: (element.children ?? []).map(toNode),
    };
  };
  return {
    id: 0,
    cuid: "preview",
    type: "DEFAULT",
    path,
    title: "",
    seo_title: null,
    description: null,
    elements: content.map(toNode),
  };
}

/** The elements of a validated tree that load data on the server, with their data's name. */
export function loadingElements(
  nodes: readonly RenderNode[],
): Array<{ node: RenderNode; key: string }> {
  return nodes.flatMap((node) => [
    ...(LOADING_ELEMENTS.has(node.key) ? [{ node, key: sectionDataKey(node) }] : []),
    ...loadingElements(node.children),
  ]);
}
