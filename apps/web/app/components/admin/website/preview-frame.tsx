import { isPreviewReady, type PageElement, type PreviewMessage } from "@booking/contracts";
import { clsx } from "clsx";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/react";

/** Changes are posted at most this long after the last one (typing shows within 200 ms). */
const POST_DELAY_MS = 50;

/**
 * The width the storefront is laid out at, in CSS pixels: a real desktop and a phone. The frame
 * is drawn at that width and scaled down to the panel, so "desktop" shows the desktop layout.
 */
const DEVICES = { phone: 390, desktop: 1280 } as const;
type Device = keyof typeof DEVICES;
/** The frame is never shorter than this (CSS pixels of the panel). */
const MIN_HEIGHT = 512;

/** The content box of an element, followed as it resizes. */
function useContentSize(element: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

export interface PreviewFrameProps {
  /** the storefront page in preview mode: `{storefront origin}/{lang}{path}?preview=true` */
  src: string;
  /** the storefront's origin: messages go to it only, and only its frame is listened to */
  targetOrigin: string;
  /** the page's elements as edited (every element with its cuid), posted unsaved */
  content: PageElement[];
  /** cuid of the element under the pointer in the editor */
  hovered: string | null;
}

/**
 * The storefront page framed in preview mode and fed the edited content by `postMessage`
 * (storefront.md "Preview mode"): after each change (debounced) and whenever the page says it is
 * ready (first load, reload). A phone / desktop switch sets the width the page is laid out at;
 * the frame is scaled down (a CSS transform, which keeps text crisp and the pointer exact) to fit.
 */
export function PreviewFrame({ src, targetOrigin, content, hovered }: PreviewFrameProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [device, setDevice] = useState<Device>("desktop");
  const panel = useRef<HTMLDivElement>(null);
  const available = useContentSize(panel);
  const width = DEVICES[device];
  const scale = available.width > 0 ? Math.min(1, available.width / width) : 1;
  const height = Math.max(available.height, MIN_HEIGHT);
  const latest = useRef<PreviewMessage>({ content, hovered: null });
  latest.current = { content, hovered: hovered ? { id: hovered } : null };
  // Until the page says it listens, the frame may still hold another document (a message to it
  // would be refused, and logged, by the browser): what changed meanwhile goes on preview-ready.
  const ready = useRef(false);

  const post = useCallback(() => {
    if (ready.current) frame.current?.contentWindow?.postMessage(latest.current, targetOrigin);
  }, [targetOrigin]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is a new page to wait for
  useEffect(() => {
    ready.current = false;
  }, [src]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== targetOrigin || event.source !== frame.current?.contentWindow) return;
      if (!isPreviewReady(event.data)) return;
      ready.current = true;
      post();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [targetOrigin, post]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of content or hovered is posted
  useEffect(() => {
    const timer = setTimeout(post, POST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [content, hovered, post]);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2" data-testid="preview-frame">
      <fieldset className="flex items-center justify-end gap-1">
        <legend className="sr-only">{t("admin.website_preview.device")}</legend>
        {(Object.keys(DEVICES) as Device[]).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={device === option}
            onClick={() => setDevice(option)}
            className={clsx(
              "min-h-9 cursor-pointer rounded-lg px-3 text-sm font-semibold",
              device === option
                ? "bg-slate-900 text-white"
                : "text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50",
            )}
          >
            {t(`admin.website_preview.${option}`)}
          </button>
        ))}
      </fieldset>
      <div ref={panel} className="min-h-[32rem] flex-1 overflow-hidden rounded-xl bg-slate-100 p-2">
        <div
          className="mx-auto overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
          style={{ width: width * scale, height }}
        >
          <iframe
            ref={frame}
            src={src}
            title={t("admin.website_preview.title")}
            style={{
              width,
              height: height / scale,
              transform: `scale(${scale})`,
              transformOrigin: "0 0",
            }}
            className="block border-0 bg-white"
            data-device={device}
            data-scale={scale.toFixed(3)}
          />
        </div>
      </div>
    </div>
  );
}
