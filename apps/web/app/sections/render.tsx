import { type ComponentType, createContext, type ReactNode, use, useContext, useMemo } from "react";
import { elementWhenLoaded, loadedElement } from "./elements";
import { elementKeys, type PageSections, type RenderNode } from "./tree";

export type { PageSections, RenderNode } from "./tree";

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** Elements that open the page with a title of their own (h1 when the page has none). */
const TITLE_SECTIONS = new Set([
  "section:header",
  "section:banner",
  "section:split-hero",
  // The detail pages' own title (the availability's, the activity's).
  "section:availability-detail",
  "section:activity-page",
]);

/** Elements whose items carry headings one level below the heading before them. */
const SUBHEADING_ELEMENTS = new Set([
  "block:feature-highlight",
  "block:contact-details",
  "section:memberships-cards-grid",
  "section:vouchers-cards-grid",
  "section:bundles-grid",
  "section:activities-grid",
  // The availability catalogue sections and schedules (sections/catalogue) may ask for it too.
  "section:availabilities-cards",
  "section:availabilities-cards-grid",
  "section:availabilities-quick-list",
  "section:availabilities-weekly-calendar",
  "section:availabilities-resources-schedule",
  "section:resources-daily-schedule",
]);

interface HeadingPlan {
  /** heading level of each element that draws a heading, by element id */
  levels: Map<number, HeadingLevel>;
  /** true when no element provides the page's h1: the renderer adds a hidden one */
  needsHiddenH1: boolean;
}

function walk(nodes: RenderNode[], visit: (node: RenderNode) => void) {
  for (const node of nodes) {
    visit(node);
    walk(node.children, visit);
  }
}

function clampLevel(level: number): HeadingLevel {
  return Math.min(6, Math.max(1, level)) as HeadingLevel;
}

/**
 * Heading levels of the whole page, in document order, so that the outline has exactly one h1
 * and never skips a level (axe "page-has-heading-one", "heading-order"): the organiser's own
 * heading blocks keep their level; the first title section becomes the h1 when no heading block
 * is one; other title sections are h2; cards and feature titles sit one level below the heading
 * before them.
 */
export function planHeadings(elements: RenderNode[]): HeadingPlan {
  let hasH1Block = false;
  walk(elements, (node) => {
    if (node.key === "block:heading" && node.settings.level === 1) hasH1Block = true;
  });
  const levels = new Map<number, HeadingLevel>();
  let titleGiven = hasH1Block;
  let last = 1;
  walk(elements, (node) => {
    if (node.key === "block:heading") {
      last = clampLevel(Number(node.settings.level) || 2);
    } else if (TITLE_SECTIONS.has(node.key)) {
      const level: HeadingLevel = titleGiven ? 2 : 1;
      titleGiven = true;
      levels.set(node.id, level);
      last = level;
    } else if (SUBHEADING_ELEMENTS.has(node.key)) {
      levels.set(node.id, clampLevel(last + 1));
    }
  });
  return { levels, needsHiddenH1: !titleGiven };
}

interface PageRenderContext {
  page: PageSections["page"];
  headingLevel: (id: number, fallback?: HeadingLevel) => HeadingLevel;
}

const PageContext = createContext<PageRenderContext | null>(null);

/** The stored page being rendered (title, path) and the heading level of each element. */
export function usePageContext(): PageRenderContext {
  const value = useContext(PageContext);
  if (!value) {
    return { page: { path: "/", title: "", description: null }, headingLevel: (_, f = 2) => f };
  }
  return value;
}

/** `h1`…`h6` for a level. */
export function headingTag(level: HeadingLevel): `h${HeadingLevel}` {
  return `h${level}`;
}

function ElementView({
  node,
  data,
  builder,
}: {
  node: RenderNode;
  data: Record<string, unknown>;
  builder: boolean;
}): ReactNode {
  // Loaded before the render (server loader, entry.client); otherwise suspends until it is.
  const definition = loadedElement(node.key) ?? use(elementWhenLoaded(node.key));
  if (!definition) return null;
  const { Component } = definition;
  const children =
    node.children.length > 0
      ? node.children.map((child) => (
          <ElementView key={child.cuid || child.id} node={child} data={data} builder={builder} />
        ))
      : undefined;
  const drawn = (
    <Component settings={node.settings} data={data[String(node.id)]} element={node}>
      {children}
    </Component>
  );
  if (!builder) return drawn;
  // The preview names each element for the editor, in a box-less wrapper (layouts stay as is).
  return (
    <div className="contents" data-builder-id={node.cuid} data-builder-element={node.key}>
      {drawn}
    </div>
  );
}

interface PageElementsProps {
  sections: PageSections;
  /** the preview's drawing: every element carries its builder attributes */
  builder?: boolean;
}

/**
 * Set by the preview mode only (sections/preview, loaded with `?preview=true`): it then draws the
 * page's elements — the editor's unsaved content — wherever a page renders them.
 */
export const PreviewSlot = createContext<ComponentType<PageElementsProps> | null>(null);

/**
 * Renders a page-builder tree (sections → containers → blocks) with the data its loaders read.
 * The tree comes validated from `loadPageSections`; this component only draws it.
 */
export function PageElements(props: PageElementsProps) {
  const Preview = useContext(PreviewSlot);
  return Preview ? <Preview {...props} /> : <PageElementsView {...props} />;
}

/** The drawing of PageElements, which the preview mode also uses. */
export function PageElementsView({ sections, builder = false }: PageElementsProps) {
  const plan = useMemo(() => planHeadings(sections.elements), [sections.elements]);
  const keys = useMemo(() => [...elementKeys(sections.elements)].join(" "), [sections.elements]);
  const context = useMemo<PageRenderContext>(
    () => ({
      page: sections.page,
      headingLevel: (id, fallback = 2) => plan.levels.get(id) ?? fallback,
    }),
    [sections.page, plan],
  );
  return (
    <PageContext.Provider value={context}>
      <div
        className="flex flex-1 flex-col text-slate-900"
        data-page-path={sections.page.path}
        // The elements to load before hydrating (entry.client.tsx).
        data-elements={keys}
      >
        {plan.needsHiddenH1 ? <h1 className="sr-only">{sections.page.title}</h1> : null}
        {sections.elements.map((node) => (
          <ElementView
            key={node.cuid || node.id}
            node={node}
            data={sections.data}
            builder={builder}
          />
        ))}
      </div>
    </PageContext.Provider>
  );
}
