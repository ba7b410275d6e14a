import {
  elementKey,
  isElementKey,
  MAX_ELEMENT_CHILDREN,
  MAX_ELEMENT_DEPTH,
  type PageElementNode,
  type PageView,
  parseElementSettings,
  type StorefrontOrganiser,
  type StorefrontReader,
} from "@booking/contracts";
import { hasRenderer, loadElements } from "./elements";
import { elementLoaders } from "./loaders.server";
import { elementKeys, type PageSections, prune, type RenderNode } from "./tree";

export type { PageSections, RenderNode } from "./tree";

export interface PageSectionsArgs {
  url: URL;
  reader: StorefrontReader;
  organiser: StorefrontOrganiser;
  /** false for an element whose data the caller already holds (the preview): not loaded */
  shouldLoad?: (node: RenderNode) => boolean;
}

function label(node: Pick<PageElementNode, "id" | "cuid">, key: string, path: string): string {
  return `element ${node.id} (${key}, cuid ${node.cuid}) of page "${path}"`;
}

/**
 * Validates a stored tree (spec §5: "Section settings are validated on read; if parsing fails the
 * section renders nothing"). An element that is unknown, has no renderer, has invalid settings or
 * lies too deep is dropped with its children, and a warning naming it and its issues is logged.
 * Pure: the same input always gives the same tree.
 */
export function validatePageTree(
  nodes: readonly PageElementNode[],
  path: string,
  depth = 1,
): RenderNode[] {
  const result: RenderNode[] = [];
  if (!Array.isArray(nodes)) return result;
  if (depth > MAX_ELEMENT_DEPTH) {
    if (nodes.length > 0) {
      console.warn(
        `[page] elements of page "${path}" deeper than ${MAX_ELEMENT_DEPTH} levels are not rendered`,
      );
    }
    return result;
  }
  for (const node of nodes.slice(0, MAX_ELEMENT_CHILDREN)) {
    if (!node || typeof node !== "object") continue;
    const key = elementKey(node.element, node.name);
    if (!isElementKey(key)) {
      console.warn(
        `[page] ${label(node, key, path)} is an unknown element and is not rendered: name: INVALID_CHOICE`,
      );
      continue;
    }
    const parsed = parseElementSettings(node.element, node.name, node.settings);
    if (!parsed.ok) {
      console.warn(
        `[page] ${label(node, key, path)} has invalid settings and is not rendered:`,
        parsed.issues.map((issue) => `${issue.path || "(root)"}: ${issue.code}`).join(", "),
      );
      continue;
    }
    if (!hasRenderer(key)) {
      console.warn(`[page] ${label(node, key, path)} has no renderer and is not rendered`);
      continue;
    }
    result.push({
      ...node,
      key,
      settings: parsed.value as Record<string, unknown>,
      children: validatePageTree(node.children ?? [], path, depth + 1),
    });
  }
  return result;
}

function isValidationError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "VALIDATION_ERROR";
}

/**
 * The page builder's part of a page loader: validates the page's tree, then runs the server
 * `load` of every valid element in parallel, while the modules that draw them are loaded (so the
 * render finds them ready). A failing load is logged and its element renders nothing; the rest of
 * the page renders. The result is plain data (serialisable).
 */
export async function loadPageSections(
  page: PageView,
  args: PageSectionsArgs,
): Promise<PageSections> {
  const elements = validatePageTree(page.elements ?? [], page.path);
  const jobs: Array<Promise<void>> = [];
  const data: Record<string, unknown> = {};
  const failed = new Set<number>();

  const visit = (nodes: RenderNode[]) => {
    for (const node of nodes) {
      const load = elementLoaders[node.key];
      if (load && (args.shouldLoad?.(node) ?? true)) {
        jobs.push(
          (async () => {
            try {
              data[String(node.id)] = await load({
                settings: node.settings,
                url: args.url,
                reader: args.reader,
                organiser: args.organiser,
                element: node,
              });
            } catch (error) {
              failed.add(node.id);
              const message = `[page] ${label(node, node.key, page.path)} failed to load and is not rendered:`;
              // A refused query (invalid filter in the URL) is the visitor's doing, not a bug.
              if (isValidationError(error)) console.warn(message, error);
              else console.error(message, error);
            }
          })(),
        );
      }
      visit(node.children);
    }
  };
  visit(elements);
  jobs.push(loadElements(elementKeys(elements)));
  await Promise.all(jobs);

  return {
    page: { path: page.path, title: page.title, description: page.description },
    elements: failed.size > 0 ? prune(elements, failed) : elements,
    data,
  };
}
