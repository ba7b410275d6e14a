import type { AdminImageView, ImageBody } from "@booking/contracts";
import { apiRequest, apiUpload } from "../api";

/** The calls of a record's images, the same under every owner (an activity, a blog article). */
export interface GalleryApi {
  upload(file: File): Promise<AdminImageView>;
  update(cuid: string, body: ImageBody): Promise<AdminImageView>;
  remove(cuid: string): Promise<{ ok: true }>;
  order(cuids: string[]): Promise<unknown>;
}

/** The images of the record at `ownerPath` (`/api/admin/activities/{cuid}`): `{ownerPath}/images…`. */
export function galleryApi(ownerPath: string): GalleryApi {
  const images = `${ownerPath}/images`;
  const image = (cuid: string) => `${images}/${encodeURIComponent(cuid)}`;
  return {
    upload: (file) => apiUpload<AdminImageView>(images, file),
    update: (cuid, body) => apiRequest<AdminImageView>("PUT", image(cuid), body),
    remove: (cuid) => apiRequest<{ ok: true }>("DELETE", image(cuid)),
    order: (cuids) => apiRequest<unknown>("PUT", `${images}/order`, { cuids }),
  };
}
