import jsqr from "jsqr";
import { PNG } from "pngjs";

/** Reads the QR code of a PNG data URL back, as a banking app's camera would; null when none. */
export function decodeQr(dataUrl: string): string | null {
  const base64 = dataUrl.replace(/^data:image\/png;base64,/, "");
  const png = PNG.sync.read(Buffer.from(base64, "base64"));
  // A CommonJS module: its function is also its `default`, which the typings describe.
  return jsqr.default(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}
