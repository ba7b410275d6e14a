import { promisify } from "node:util";
import { constants, crc32, deflateRaw } from "node:zlib";

/**
 * Gzip for documents kept in pieces, whose readers each fill a few slots (decision 0108): every
 * constant piece is deflated once, when the document is kept, and ends on a byte boundary without
 * a final block (a sync flush), so that an answer is the kept deflated pieces with each reader's
 * own values between them as stored blocks, then an empty final block and gzip's trailer. Each
 * answer then costs a CRC over its bytes (about 15 µs for 100 kB) instead of compressing the whole
 * document (about 330 µs at Brotli's fastest quality).
 */

const deflateRawAsync = promisify(deflateRaw);

/** Each piece deflated, in order; null where a slot is. */
export type DeflatedPieces = ReadonlyArray<Buffer | null>;

/** Deflates each constant piece (off the main thread, at the highest level: it is done once). */
export function deflatePieces(pieces: ReadonlyArray<unknown>): Promise<DeflatedPieces> {
  return Promise.all(
    pieces.map((piece) =>
      Buffer.isBuffer(piece)
        ? deflateRawAsync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })
        : null,
    ),
  );
}

/** gzip's header: deflate, no name or time, unknown system. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty stored block with its final bit set. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
/** The longest stored block. */
const STORED_MAX = 0xffff;

/** `bytes` as stored (uncompressed) blocks, each a byte-aligned header then its bytes. */
function storedBlocks(bytes: Buffer, into: Buffer[]): void {
  for (let start = 0; start < bytes.length; start += STORED_MAX) {
    const block = bytes.subarray(start, start + STORED_MAX);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(block.length, 1);
    header.writeUInt16LE(~block.length & 0xffff, 3);
    into.push(header, block);
  }
}

/**
 * The gzip of one reader's document: `page` is every piece as this reader gets it (the constant
 * pieces as they were deflated, the slots filled), `deflated` what `deflatePieces` made of them.
 */
export function gzipPieces(deflated: DeflatedPieces, page: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [HEADER];
  let crc = 0;
  let size = 0;
  page.forEach((bytes, i) => {
    crc = crc32(bytes, crc);
    size += bytes.length;
    const kept = deflated[i];
    if (kept) parts.push(kept);
    else storedBlocks(bytes, parts);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** Whether an `Accept-Encoding` header accepts gzip (named, or `*`, with a weight above 0). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let gzip: boolean | null = null;
  let any = false;
  for (const entry of header.toLowerCase().split(",")) {
    const [name, ...parameters] = entry.split(";").map((part) => part.trim());
    const weight = parameters.find((parameter) => parameter.startsWith("q="));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    if (name === "gzip" || name === "x-gzip") gzip = accepted;
    else if (name === "*") any = accepted;
  }
  return gzip ?? any;
}
