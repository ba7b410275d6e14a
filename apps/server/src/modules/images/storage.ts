import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ResizedImage } from "./resize.ts";

/** Where uploaded images are served from, on the storefront and console hosts alike. */
export const UPLOADS_URL_PREFIX = "/uploads";

/** A stored file's name: the random key, optionally `.thumb`, then `.webp`. */
const FILE_NAME = /^([a-f0-9]{32})(\.thumb)?\.webp$/;
const FOLDER = /^[a-z0-9]{1,64}$/;

export interface StoredImage {
  /** `{organiser cuid}/{key}.webp`, the images row's storage_path */
  storagePath: string;
  publicUrl: string;
  width: number;
  height: number;
}

/**
 * The organisers' uploaded images on disk: one folder per organiser (its cuid) under `root`,
 * each image as `{key}.webp` and `{key}.thumb.webp` with a random key. Files never change once
 * written, so they can be cached for good.
 */
export interface ImageStore {
  save(organiserCuid: string, image: ResizedImage): Promise<StoredImage>;
  /** removes both files of a stored image; missing files are not an error */
  remove(storagePath: string): Promise<void>;
  /** a stored file by its folder and name, or null */
  open(folder: string, file: string): Promise<NodeJS.ReadableStream | null>;
}

export function thumbnailPath(storagePath: string): string {
  return storagePath.replace(/\.webp$/, ".thumb.webp");
}

export const publicUrlOf = (storagePath: string) => `${UPLOADS_URL_PREFIX}/${storagePath}`;

export function createImageStore(root: string): ImageStore {
  const inside = (relative: string) => path.join(root, ...relative.split("/"));
  return {
    async save(organiserCuid, image) {
      if (!FOLDER.test(organiserCuid)) throw new Error(`bad image folder ${organiserCuid}`);
      const storagePath = `${organiserCuid}/${randomBytes(16).toString("hex")}.webp`;
      await mkdir(inside(organiserCuid), { recursive: true });
      await writeFile(inside(storagePath), image.large);
      await writeFile(inside(thumbnailPath(storagePath)), image.thumbnail);
      return {
        storagePath,
        publicUrl: publicUrlOf(storagePath),
        width: image.width,
        height: image.height,
      };
    },

    async remove(storagePath) {
      const [folder, file] = storagePath.split("/");
      if (!folder || !file || !FOLDER.test(folder) || !FILE_NAME.test(file)) return;
      await rm(inside(storagePath), { force: true });
      await rm(inside(thumbnailPath(storagePath)), { force: true });
    },

    async open(folder, file) {
      if (!FOLDER.test(folder) || !FILE_NAME.test(file)) return null;
      const full = inside(`${folder}/${file}`);
      const found = await stat(full).catch(() => null);
      return found?.isFile() ? createReadStream(full) : null;
    },
  };
}
