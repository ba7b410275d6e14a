import type { DocumentModelElementBody, DocumentModelPageBody } from "@booking/contracts";
import { DEFAULT_DOCUMENT_FONT_SIZE, documentPageDimensions, isInsidePage } from "@booking/domain";
import { clsx } from "clsx";
import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import { useTranslation } from "../../../i18n/react";
import { documentsApi } from "../../../lib/admin/documents-api";
import { layoutElement } from "./model-draft";

// A page of a model drawn to scale: each element where the PDF puts it, selectable, moved by
// dragging it or with the arrow keys (1 pt, 10 pt with Shift). Positions are whole points from
// the page's top-left corner, as the model stores them.

const KEY_MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

type Props = {
  page: DocumentModelPageBody;
  pageIndex: number;
  selected: number | null;
  customFieldTitle: (index: number) => string;
  onSelect: (element: number) => void;
  onMove: (element: number, x: number, y: number) => void;
  readOnly: boolean;
};

export function PageCanvas({
  page,
  pageIndex,
  selected,
  customFieldTitle,
  onSelect,
  onMove,
  readOnly,
}: Props) {
  const { t } = useTranslation();
  const size = documentPageDimensions(page.size ?? "A4", page.orientation ?? "portrait");
  const surface = useRef<HTMLDivElement>(null);
  const drag = useRef<{ element: number; startX: number; startY: number; x: number; y: number }>(
    null,
  );

  const moveTo = (index: number, x: number, y: number) =>
    onMove(index, Math.max(0, Math.round(x)), Math.max(0, Math.round(y)));

  const onPointerDown =
    (index: number, element: DocumentModelElementBody) => (event: PointerEvent) => {
      onSelect(index);
      if (readOnly) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = {
        element: index,
        startX: event.clientX,
        startY: event.clientY,
        x: element.x,
        y: element.y,
      };
    };
  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    const box = surface.current?.getBoundingClientRect();
    if (!current || !box) return;
    const scale = size.width / box.width;
    moveTo(
      current.element,
      current.x + (event.clientX - current.startX) * scale,
      current.y + (event.clientY - current.startY) * scale,
    );
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown =
    (index: number, element: DocumentModelElementBody) => (event: KeyboardEvent) => {
      const move = KEY_MOVES[event.key];
      if (!move || readOnly) return;
      event.preventDefault();
      const step = event.shiftKey ? 10 : 1;
      moveTo(index, element.x + move[0] * step, element.y + move[1] * step);
    };

  return (
    <div
      ref={surface}
      className="relative w-full overflow-hidden rounded border border-slate-300 bg-white shadow-sm"
      style={{
        aspectRatio: `${size.width} / ${size.height}`,
        containerType: "inline-size",
        backgroundImage: page.background_url
          ? `url("${documentsApi.imageSrc(page.background_url)}")`
          : undefined,
        backgroundSize: "100% 100%",
      }}
      data-testid={`document-page-${pageIndex}`}
    >
      {page.elements.map((element, index) => {
        const inside = isInsidePage(layoutElement(element), size);
        const fontSize =
          element.type === "IMAGE"
            ? undefined
            : ((element.settings as { fontSize?: number | null }).fontSize ??
              DEFAULT_DOCUMENT_FONT_SIZE);
        const width =
          element.type === "IMAGE"
            ? (element.settings as { width: number }).width
            : (element.width ?? null);
        const label =
          element.custom_field !== null && element.custom_field !== undefined
            ? `[${customFieldTitle(element.custom_field)}]`
            : element.payload.data || t(`admin.document_models.types.${element.type}`);
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: elements have no id before they are saved
            key={index}
            type="button"
            data-testid={`document-element-${pageIndex}-${index}`}
            aria-pressed={selected === index}
            aria-label={t("admin.document_models.element_label", {
              type: t(`admin.document_models.types.${element.type}`),
              text: label,
              x: element.x,
              y: element.y,
            })}
            onPointerDown={onPointerDown(index, element)}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onKeyDown={onKeyDown(index, element)}
            onClick={() => onSelect(index)}
            className={clsx(
              "absolute cursor-move touch-none overflow-hidden whitespace-pre-wrap text-left leading-tight outline-offset-1",
              selected === index
                ? "outline-2 outline-accent"
                : "outline-1 outline-dashed outline-slate-400",
              !inside && "bg-red-100 outline-red-600",
            )}
            style={{
              left: `${(element.x / size.width) * 100}%`,
              top: `${(element.y / size.height) * 100}%`,
              width: width === null ? undefined : `${(width / size.width) * 100}%`,
              height:
                element.type === "IMAGE"
                  ? `${((element.settings as { height: number }).height / size.height) * 100}%`
                  : undefined,
              fontSize: fontSize === undefined ? undefined : `${(fontSize / size.width) * 100}cqw`,
              fontWeight:
                (element.settings as { fontWeight?: string | null }).fontWeight === "bold"
                  ? 700
                  : 400,
              color: (element.settings as { color?: string | null }).color ?? "#111827",
              textAlign: element.align ?? "left",
            }}
          >
            {element.type === "IMAGE" ? (
              <span className="flex size-full items-center justify-center bg-slate-100 text-[8px] text-slate-600">
                {label}
              </span>
            ) : (
              label
            )}
          </button>
        );
      })}
    </div>
  );
}
