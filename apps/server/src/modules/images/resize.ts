import sharp from "sharp";
import { AppError } from "../../http/app-error.ts";

/** The two copies kept of an uploaded image, both WebP without metadata (no EXIF location). */
export interface ResizedImage {
  /** at most LARGE_EDGE pixels on its longer side: what the storefront shows */
  large: Buffer;
  /** at most THUMBNAIL_EDGE pixels: lists and the console */
  thumbnail: Buffer;
  width: number;
  height: number;
}

const LARGE_EDGE = 1600;
const THUMBNAIL_EDGE = 400;
/** Larger pictures (a decompression bomb, a poster scan) are refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif"]);

/**
 * Reads an upload as an image and makes its copies: the photo turned upright (EXIF
 * orientation), shrunk to fit, never enlarged. Anything that is not a raster image of an
 * accepted format is IMAGE_TYPE_UNSUPPORTED; too many pixels, IMAGE_TOO_LARGE.
 */
export async function resizeUpload(input: Buffer): Promise<ResizedImage> {
  const metadata = await sharp(input)
    .metadata()
    .catch(() => {
      throw new AppError("IMAGE_TYPE_UNSUPPORTED");
    });
  if (!ACCEPTED_FORMATS.has(metadata.format ?? "")) throw new AppError("IMAGE_TYPE_UNSUPPORTED");
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError("IMAGE_TOO_LARGE");
  }
  const copy = (edge: number, quality: number) =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: edge, height: edge, fit: "inside", withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
  try {
    const [large, thumbnail] = await Promise.all([copy(LARGE_EDGE, 82), copy(THUMBNAIL_EDGE, 75)]);
    return {
      large: large.data,
      thumbnail: thumbnail.data,
      width: large.info.width,
      height: large.info.height,
    };
  } catch {
    // A truncated file, or a format variant the decoder lacks (HEIC).
    throw new AppError("IMAGE_TYPE_UNSUPPORTED");
  }
}
