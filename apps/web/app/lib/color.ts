/**
 * Derives a readable palette from the organiser's accent colour: the accent itself for surfaces,
 * a foreground that contrasts with it, an "ink" variant dark enough for text and focus rings on
 * white, and a soft tint for backgrounds. Organisers pick any colour; the page stays legible.
 */
export const DEFAULT_ACCENT = "#e67e22";

export interface AccentPalette {
  accent: string;
  onAccent: string;
  ink: string;
  soft: string;
}

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function mix(color: Rgb, target: Rgb, amount: number): Rgb {
  return color.map((c, i) => c + (target[i]! - c) * amount) as Rgb;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const NEAR_BLACK: Rgb = [17, 24, 39];

export function accentPalette(input: string | null | undefined): AccentPalette {
  const accent = parseHex(input ?? "") ?? parseHex(DEFAULT_ACCENT)!;
  const onAccent = contrast(accent, WHITE) >= contrast(accent, NEAR_BLACK) ? WHITE : NEAR_BLACK;
  const soft = mix(accent, WHITE, 0.9);
  let ink = accent;
  // Legible (WCAG AA, with a margin) on white, light grey and the soft tint alike.
  for (let step = 1; step <= 20 && contrast(ink, soft) < 4.8; step++) {
    ink = mix(accent, BLACK, step * 0.05);
  }
  return {
    accent: toHex(accent),
    onAccent: toHex(onAccent),
    ink: toHex(ink),
    soft: toHex(soft),
  };
}

/** The CSS custom properties set on <html>. */
export function accentStyle(palette: AccentPalette): Record<string, string> {
  return {
    "--accent": palette.accent,
    "--on-accent": palette.onAccent,
    "--accent-ink": palette.ink,
    "--accent-soft": palette.soft,
  };
}
