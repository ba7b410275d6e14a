/**
 * WCAG 2 relative luminance and contrast ratio of sRGB colours given as #RRGGBB. The console
 * warns when white text on the organiser's accent colour falls below AA (4.5:1); the storefront
 * derives its readable palette from the same arithmetic (apps/web/app/lib/color.ts).
 */
export type Rgb = [number, number, number];

export function parseHexColour(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** From 1 (same luminance) to 21 (black on white), whichever colour is the lighter. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** Contrast of white text on `hex`, rounded down to two decimals; null for a malformed colour. */
export function whiteTextContrast(hex: string): number | null {
  const colour = parseHexColour(hex);
  if (!colour) return null;
  // Rounded down: 4.499 must not read as AA.
  return Math.floor(contrastRatio(colour, [255, 255, 255]) * 100) / 100;
}
