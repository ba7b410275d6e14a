import { IMAGE_UPLOAD } from "@booking/contracts";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";

/**
 * Lets the routes registered on `scope` receive one image file (multipart/form-data) of at most
 * `maxBytes` (IMAGE_UPLOAD.maxBytes by default).
 */
export async function acceptImageUploads(
  scope: FastifyInstance,
  maxBytes: number = IMAGE_UPLOAD.maxBytes,
): Promise<void> {
  await scope.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 },
  });
}

/**
 * The bytes of the one file of a multipart request: none (or not multipart) is
 * IMAGE_FILE_REQUIRED, over the scope's limit IMAGE_TOO_LARGE, a malformed form BAD_REQUEST.
 */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError("IMAGE_FILE_REQUIRED");
  try {
    const file = await request.file();
    if (!file) throw new AppError("IMAGE_FILE_REQUIRED");
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw new AppError("IMAGE_FILE_REQUIRED");
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const tooLarge = (error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE";
    throw new AppError(tooLarge ? "IMAGE_TOO_LARGE" : "BAD_REQUEST");
  }
}
