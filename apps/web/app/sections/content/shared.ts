import { clsx } from "clsx";

export type Alignment = "left" | "center" | "right";

export const textAlign: Record<Alignment, string> = {
  left: "text-left",
  center: "text-center",
  right: "text-right",
};

/** Alignment of a flex column's items (buttons, icons) under aligned text. */
export const itemsAlign: Record<Alignment, string> = {
  left: "items-start",
  center: "items-center",
  right: "items-end",
};

export const justifyAlign: Record<Alignment, string> = {
  left: "justify-start",
  center: "justify-center",
  right: "justify-end",
};

export type SectionPadding = "none" | "small" | "medium" | "large";

export const sectionPadding: Record<SectionPadding, string> = {
  none: "py-0",
  small: "py-6 md:py-8",
  medium: "py-10 md:py-14",
  large: "py-16 md:py-24",
};

/** The content width of a section: the site's container, or the whole width with side gutters. */
export function sectionWidth(layout: "full-width" | "container") {
  return clsx("w-full px-4 sm:px-6", layout === "container" && "mx-auto max-w-7xl");
}

function hexToRgb(hex: string): [number, number, number] | null {
  let value = hex.trim().replace(/^#/, "");
  if (value.length === 3) value = [...value].map((char) => char + char).join("");
  if (!/^[0-9a-fA-F]{6}$/.test(value)) return null;
  const number = Number.parseInt(value, 16);
  return [(number >> 16) & 255, (number >> 8) & 255, number & 255];
}

function luminance(hex: string): number | null {
  const rgb = hexToRgb(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (#RGB or #RRGGBB); 1 when one is not a colour. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const DARK_TEXT = "#0f172a";
const LIGHT_TEXT = "#ffffff";

/** Near-black or white, whichever contrasts more with the background colour. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

/**
 * Inline style of a section with its own background colour: readable text, and the accent "ink"
 * (links, current tab, focus rings) replaced by the text colour when the organiser's ink does
 * not reach WCAG AA (4.5:1) on that background; the soft tint becomes a neutral veil then.
 */
export function sectionColours(background: string, accentInk: string): Record<string, string> {
  const text = readableTextOn(background);
  const style: Record<string, string> = { backgroundColor: background, color: text };
  if (contrastRatio(accentInk, background) < 4.5) {
    style["--accent-ink"] = text;
    style["--accent-soft"] =
      text === LIGHT_TEXT ? "rgb(255 255 255 / 0.14)" : "rgb(15 23 42 / 0.06)";
  }
  return style;
}

/** Classes shared by the blocks' links that look like buttons. */
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent-ink)]";
