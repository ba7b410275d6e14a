import sharp from "sharp";
import { type ResizedImage, resizeUpload } from "../images/resize.ts";

/** Edge of the stored favicon (browsers and home-screen icons pick it up to this size). */
const FAVICON_EDGE = 192;
const FAVICON_SMALL_EDGE = 48;

/**
 * An uploaded image made into a square favicon, the picture centred on a transparent square:
 * the upload goes through the same checks as every image (type, pixel count) first.
 */
export async function faviconUpload(input: Buffer): Promise<ResizedImage> {
  const checked = await resizeUpload(input);
  const square = (edge: number) =>
    sharp(checked.large)
      .resize({ width: edge, height: edge, fit: "contain", background: "#0000" })
      .webp({ quality: 90 })
      .toBuffer();
  const [large, thumbnail] = await Promise.all([square(FAVICON_EDGE), square(FAVICON_SMALL_EDGE)]);
  return { large, thumbnail, width: FAVICON_EDGE, height: FAVICON_EDGE };
}
