import type { AdminImageView } from "@booking/contracts";
import type { images } from "@booking/db";
import { publicUrlOf, thumbnailPath } from "./storage.ts";

export function adminImageView(image: typeof images.$inferSelect): AdminImageView {
  return {
    id: image.id,
    cuid: image.cuid,
    public_url: image.publicUrl,
    thumbnail_url: image.storagePath
      ? publicUrlOf(thumbnailPath(image.storagePath))
      : image.publicUrl,
    alt: image.alt,
    width: image.width,
    height: image.height,
  };
}
