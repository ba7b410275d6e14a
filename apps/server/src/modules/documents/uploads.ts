import type { AdminDocumentImageView } from "@booking/contracts";
import { documentImageUpload } from "@booking/contracts";
import { type DocumentImageType, documentImages, type TenantTx } from "@booking/db";
import { and, eq, inArray } from "@booking/db/orm";
import sharp from "sharp";
import { AppError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { ProofStore } from "../transaction-proofs/storage.ts";
import { type ImageLoader, imageFormat } from "./images.ts";

// Pictures staff upload for document models (decision 0103): a page's background or an IMAGE
// element. The file is kept as sent (PDFs embed PNG and JPEG as they are) in a private folder per
// organiser — the proofs' store, under its own root —, never served statically; models name it
// `upload:{cuid}` and only the organiser's own uploads are accepted by a save or a preview.

/** The private files' store the document images use (the proofs' one, with its own folder). */
export type DocumentImageStore = ProofStore;

type Row = typeof documentImages.$inferSelect;

const view = (row: Row): AdminDocumentImageView => ({
  cuid: row.cuid,
  url: `upload:${row.cuid}`,
  content_type: row.contentType,
  width: row.width,
  height: row.height,
});

/** Larger pictures (a decompression bomb) are refused before decoding. */
const MAX_PIXELS = 40_000_000;

/**
 * The upload's type read from its bytes and checked by decoding its header: PNG or JPEG, else
 * IMAGE_TYPE_UNSUPPORTED (whatever the name or the browser's type say); too many pixels,
 * IMAGE_TOO_LARGE.
 */
export async function checkDocumentImage(bytes: Buffer) {
  const format = imageFormat(bytes);
  if (!format) throw new AppError("IMAGE_TYPE_UNSUPPORTED");
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => null);
  const expected = format === "png" ? "png" : "jpeg";
  if (!metadata || metadata.format !== expected || !metadata.width || !metadata.height) {
    throw new AppError("IMAGE_TYPE_UNSUPPORTED");
  }
  if (metadata.width * metadata.height > MAX_PIXELS) throw new AppError("IMAGE_TOO_LARGE");
  const contentType: DocumentImageType = format === "png" ? "image/png" : "image/jpeg";
  return { bytes, contentType, width: metadata.width, height: metadata.height };
}

export const documentImagesConsole = {
  /**
   * Stores a checked upload in the console's transaction `inConsole`: the file, then its row;
   * when the transaction fails (or its commit does) the file is removed, so a refused upload
   * leaves nothing.
   */
  async upload(
    store: DocumentImageStore,
    inConsole: <T>(fn: (context: ConsoleContext) => Promise<T>) => Promise<T>,
    image: Awaited<ReturnType<typeof checkDocumentImage>>,
  ): Promise<AdminDocumentImageView> {
    let storagePath: string | undefined;
    try {
      return await inConsole(async (context) => {
        storagePath = await store.save(context.organiser.cuid, image.bytes);
        const [row] = await context.db
          .insert(documentImages)
          .values({
            organiserId: context.organiser.id,
            contentType: image.contentType,
            sizeBytes: image.bytes.length,
            width: image.width,
            height: image.height,
            storagePath,
          })
          .returning();
        await context.audit({
          action: "document_image.uploaded",
          entity: "document_image",
          entityId: row!.cuid,
          after: view(row!),
        });
        return view(row!);
      });
    } catch (error) {
      if (storagePath) await store.remove(storagePath);
      throw error;
    }
  },

  /** The organiser's picture `cuid` with its file; NOT_FOUND otherwise. */
  async file(context: ConsoleContext, store: DocumentImageStore, cuid: string) {
    const [row] = await context.db
      .select()
      .from(documentImages)
      .where(
        and(eq(documentImages.organiserId, context.organiser.id), eq(documentImages.cuid, cuid)),
      );
    const bytes = row ? await store.read(row.storagePath) : null;
    if (!row || !bytes) throw new AppError("NOT_FOUND");
    return { contentType: row.contentType, bytes };
  },
};

/** The storage paths of the organiser's uploaded pictures among `sources`, by cuid. */
export async function uploadedImagePaths(
  db: TenantTx,
  organiserId: number,
  sources: Array<string | null | undefined>,
): Promise<Record<string, string>> {
  const cuids = [
    ...new Set(sources.map(documentImageUpload).filter((cuid): cuid is string => !!cuid)),
  ];
  if (cuids.length === 0) return {};
  const rows = await db
    .select({ cuid: documentImages.cuid, storagePath: documentImages.storagePath })
    .from(documentImages)
    .where(and(eq(documentImages.organiserId, organiserId), inArray(documentImages.cuid, cuids)));
  return Object.fromEntries(rows.map((row) => [row.cuid, row.storagePath]));
}

/**
 * The loader of a prepared document: its uploaded pictures read from the store (`uploads`, the
 * paths its transaction found for the organiser), any other source by `load`.
 */
export function withUploadedImages(
  load: ImageLoader,
  store: DocumentImageStore,
  uploads: Record<string, string>,
): ImageLoader {
  return async (src) => {
    const cuid = documentImageUpload(src);
    if (!cuid) return load(src);
    const storagePath = uploads[cuid];
    const data = storagePath ? await store.read(storagePath) : null;
    const format = data ? imageFormat(data) : null;
    return data && format ? { data, format } : null;
  };
}
