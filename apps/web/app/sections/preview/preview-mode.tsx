import {
  type Language,
  type PageElement,
  PREVIEW_READY,
  PREVIEW_SECTIONS_PATH,
  previewMessage,
} from "@booking/contracts";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import en from "../../i18n/en/preview.json";
import fr from "../../i18n/fr/preview.json";
import { useLanguage } from "../../lib/root-data";
import { storedPagePath } from "../../lib/stored-page";
import { prune, type RenderNode, validatePageTree } from "../load";
import { elementRegistry } from "../registry";
import { PageElementsView, PreviewSlot } from "../render";
import type { AnyElementDefinition, SectionProps } from "../types";
import { loadingElements, previewPageView } from "./preview-page";

// The storefront's preview mode (storefront.md "Preview mode"), loaded only with `?preview=true`:
// the page renders the content the console's editor posts, never saves it, and goes nowhere.

const MESSAGES: Record<Language, typeof en> = { fr, en };

/** The data of new or changed loading sections is asked this long after the last message. */
const LOAD_DELAY_MS = 150;
/** Section data kept for reuse (undo, back to earlier settings) before the oldest goes. */
const KEPT_LOADS = 200;
/** A section whose loader failed: it renders nothing, as on the stored page. */
const FAILED = Symbol("failed");

interface PreviewState {
  /** the posted content's elements and data; null until a valid message came */
  shown: { elements: RenderNode[]; data: Record<string, unknown> } | null;
  /** cuid of the element hovered in the editor */
  hovered: string | null;
}

const PreviewStateContext = createContext<PreviewState>({ shown: null, hovered: null });

/** Every element wrapped with its builder attributes (a box-less wrapper: layouts stay as is). */
const builderRegistry: Readonly<Record<string, AnyElementDefinition>> = Object.fromEntries(
  Object.entries(elementRegistry).map(([key, definition]) => [
    key,
    { ...definition, Component: withBuilderAttributes(definition.Component) },
  ]),
);

function withBuilderAttributes(
  Component: AnyElementDefinition["Component"],
): AnyElementDefinition["Component"] {
  return function BuilderElement(props: SectionProps<unknown, unknown>) {
    const { element } = props;
    return (
      <div
        className="contents"
        data-builder-id={element.cuid}
        data-builder-element={`${element.element}:${element.name}`}
      >
        <Component {...props} />
      </div>
    );
  };
}

/** What PageElements draws in preview: the posted content, or the stored page until it comes. */
function PreviewElements({
  sections,
}: {
  sections: Parameters<typeof PageElementsView>[0]["sections"];
}) {
  const { t } = useTranslation();
  const { shown } = useContext(PreviewStateContext);
  const page = shown ? { ...sections, ...shown } : sections;
  return (
    <>
      {page.elements.length === 0 ? (
        <p
          className="mx-auto my-16 max-w-xl rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700"
          data-testid="preview-empty"
        >
          {t("preview.empty")}
        </p>
      ) : null}
      <PageElementsView sections={page} registry={builderRegistry} />
    </>
  );
}

/**
 * Listens to the console's origin only (exact match), validates every message, renders the
 * content live (sections that load data on the server keep their last render until their data
 * for the new settings arrives), outlines the hovered element and blocks navigation.
 */
export default function PreviewMode({
  consoleOrigin,
  children,
}: {
  consoleOrigin: string;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  const language = useLanguage();
  if (!i18n.exists("preview.navigation_disabled")) {
    i18n.addResourceBundle(language, "translation", MESSAGES[language], true, false);
  }
  const state = usePostedContent(consoleOrigin);
  useBlockedNavigation(() => i18n.t("preview.navigation_disabled"));
  return (
    <PreviewStateContext.Provider value={state}>
      <PreviewSlot.Provider value={PreviewElements}>
        {children}
        {state.hovered ? (
          <style>{`[data-builder-id="${CSS.escape(state.hovered)}"]>*{outline:2px solid #2563eb;outline-offset:-2px}`}</style>
        ) : null}
      </PreviewSlot.Provider>
    </PreviewStateContext.Provider>
  );
}

function usePostedContent(consoleOrigin: string): PreviewState {
  const [state, setState] = useState<PreviewState>({ shown: null, hovered: null });
  // Section data by element, key and settings (loadingElements' signature).
  const loads = useRef(new Map<string, unknown>());
  const latest = useRef<{ content: PageElement[]; elements: RenderNode[] } | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: AbortController | null = null;

    /** Shows the latest content when every loading section's data is known; false otherwise. */
    const show = (): boolean => {
      const current = latest.current;
      if (!current) return true;
      const sections = loadingElements(current.elements);
      if (sections.some(({ signature }) => !loads.current.has(signature))) return false;
      const data: Record<string, unknown> = {};
      const failed = new Set<number>();
      for (const { node, signature } of sections) {
        const value = loads.current.get(signature);
        if (value === FAILED) failed.add(node.id);
        else data[String(node.id)] = value;
      }
      const elements = failed.size > 0 ? prune(current.elements, failed) : current.elements;
      setState((previous) => ({ ...previous, shown: { elements, data } }));
      return true;
    };

    const load = async () => {
      const current = latest.current;
      if (!current) return;
      pending?.abort();
      const controller = new AbortController();
      pending = controller;
      try {
        const response = await fetch(PREVIEW_SECTIONS_PATH, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            content: current.content,
            location: `${window.location.pathname}${window.location.search}`,
          }),
          signal: controller.signal,
        });
        if (!response.ok) return;
        const { data } = (await response.json()) as { data: Record<string, unknown> };
        for (const { node, signature } of loadingElements(current.elements)) {
          loads.current.delete(signature);
          loads.current.set(signature, Object.hasOwn(data, node.cuid) ? data[node.cuid] : FAILED);
        }
        for (const key of [...loads.current.keys()].slice(0, -KEPT_LOADS)) {
          loads.current.delete(key);
        }
        show();
      } catch {
        // Aborted by a newer request, or offline: the last good render stays.
      }
    };

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== consoleOrigin) return;
      const message = previewMessage.safeParse(event.data);
      if (!message.success) return;
      const page = previewPageView(
        message.data.content,
        storedPagePath(new URL(window.location.href)),
      );
      latest.current = {
        content: message.data.content,
        elements: validatePageTree(page.elements, page.path),
      };
      const hovered = message.data.hovered?.id ?? null;
      setState((previous) => (previous.hovered === hovered ? previous : { ...previous, hovered }));
      clearTimeout(timer);
      if (!show()) timer = setTimeout(load, LOAD_DELAY_MS);
    };

    window.addEventListener("message", onMessage);
    if (window.parent !== window) window.parent.postMessage(PREVIEW_READY, consoleOrigin);
    return () => {
      window.removeEventListener("message", onMessage);
      clearTimeout(timer);
      pending?.abort();
    };
  }, [consoleOrigin]);

  return state;
}

/** Links, forms and the router's own navigations go nowhere: an alert says why. */
function useBlockedNavigation(message: () => string) {
  const blocker = useBlocker(true);
  const text = useRef(message);
  text.current = message;

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    window.alert(text.current());
    blocker.reset();
  }, [blocker]);

  useEffect(() => {
    const refuse = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
      window.alert(text.current());
    };
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest("a[href]")) refuse(event);
    };
    // Capture, on the window: before the router's links and the forms' own handlers.
    window.addEventListener("click", onClick, true);
    window.addEventListener("submit", refuse, true);
    return () => {
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("submit", refuse, true);
    };
  }, []);
}
