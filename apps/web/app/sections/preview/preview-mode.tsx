import {
  type Language,
  MAX_PREVIEW_KNOWN,
  type PageElement,
  PREVIEW_READY,
  PREVIEW_SECTIONS_PATH,
  previewMessage,
} from "@booking/contracts";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import en from "../../i18n/en/preview.json";
import fr from "../../i18n/fr/preview.json";
import { useTranslation } from "../../i18n/react";
import { useLanguage } from "../../lib/root-data";
import { loadElements } from "../elements";
import { PageElementsView, PreviewSlot } from "../render";
import { elementKeys, prune, type RenderNode } from "../tree";
import { loadingElements } from "./preview-page";

// The storefront's preview mode (storefront.md "Preview mode"), loaded only with `?preview=true`:
// the page renders the content the console's editor posts, never saves it, and goes nowhere.

const MESSAGES: Record<Language, typeof en> = { fr, en };

/** Messages in a burst (typing) make one request: the last one, this long after it. */
const LOAD_DELAY_MS = 20;

interface PreviewState {
  /** the posted content's elements and data; null until a valid message came */
  shown: { elements: RenderNode[]; data: Record<string, unknown> } | null;
  /** cuid of the element hovered in the editor */
  hovered: string | null;
}

const PreviewStateContext = createContext<PreviewState>({ shown: null, hovered: null });

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
          className="mx-4 my-16 max-w-xl rounded-xl sm:mx-auto border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700"
          data-testid="preview-empty"
        >
          {t("preview.empty")}
        </p>
      ) : null}
      <PageElementsView sections={page} builder />
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
    i18n.addMessages(MESSAGES[language]);
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
  // Section data by name (sectionDataKey), most recently used last.
  const loads = useRef(new Map<string, unknown>());

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: AbortController | null = null;
    let content: PageElement[] | null = null;
    let asked = "";

    const load = async (posted: PageElement[]) => {
      pending?.abort();
      const controller = new AbortController();
      pending = controller;
      const cuids = new Set(cuidsOf(posted));
      try {
        const response = await fetch(PREVIEW_SECTIONS_PATH, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            content: posted,
            location: `${window.location.pathname}${window.location.search}`,
            known: [...loads.current.keys()].filter((key) => cuids.has(key.split("|")[0]!)),
          }),
          signal: controller.signal,
        });
        if (!response.ok) return;
        const answer = (await response.json()) as {
          elements: RenderNode[];
          data: Record<string, unknown>;
        };
        for (const [key, value] of Object.entries(answer.data)) loads.current.set(key, value);
        const data: Record<string, unknown> = {};
        const missing = new Set<number>();
        for (const { node, key } of loadingElements(answer.elements)) {
          if (!loads.current.has(key)) missing.add(node.id);
          else {
            const value = loads.current.get(key);
            loads.current.delete(key);
            loads.current.set(key, value);
            data[String(node.id)] = value;
          }
        }
        for (const key of [...loads.current.keys()].slice(0, -MAX_PREVIEW_KNOWN)) {
          loads.current.delete(key);
        }
        const elements = missing.size > 0 ? prune(answer.elements, missing) : answer.elements;
        // The drawing of elements new to this page, before showing them.
        await loadElements(elementKeys(elements));
        setState((previous) => ({ ...previous, shown: { elements, data } }));
      } catch {
        // Aborted by a newer request, or offline: the last good render stays.
      }
    };

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== consoleOrigin) return;
      const message = previewMessage.safeParse(event.data);
      if (!message.success) return;
      const hovered = message.data.hovered?.id ?? null;
      setState((previous) => (previous.hovered === hovered ? previous : { ...previous, hovered }));
      // The hovered element alone changed: nothing to ask the server.
      const json = JSON.stringify(message.data.content);
      if (json === asked) return;
      asked = json;
      content = message.data.content;
      clearTimeout(timer);
      timer = setTimeout(() => content && void load(content), LOAD_DELAY_MS);
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

function cuidsOf(elements: readonly PageElement[]): string[] {
  return elements.flatMap((element) => [
    ...(element.cuid ? [element.cuid] : []),
    ...cuidsOf(element.children ?? []),
  ]);
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
