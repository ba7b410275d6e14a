import {
  contrastRatio as contrast,
  parseHexColour as parseHex,
  type Rgb,
} from "@booking/domain/website/colour-contrast";

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

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
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
