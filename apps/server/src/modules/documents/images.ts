import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import QRCode from "qrcode";

// The pictures of IMAGE elements: data: URIs decoded here, http(s) URLs fetched by the server
// with the guards a server fetching tenant-given URLs needs (docs/decisions/0016-documents.md),
// and attendance QR codes drawn as PNG. Only PNG and JPEG can be embedded in the PDF.

export type PdfImage = { data: Buffer; format: "png" | "jpg" };

/** A picture for an element's source, or null when it cannot be had (the element is left out). */
export type ImageLoader = (src: string) => Promise<PdfImage | null>;

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5_000;

/** PNG or JPEG by their signatures; anything else is refused. */
export function imageFormat(data: Uint8Array): PdfImage["format"] | null {
  if (
    data.length > 8 &&
    data[0] === 0x89 &&
    data[1] === 0x50 &&
    data[2] === 0x4e &&
    data[3] === 0x47
  ) {
    return "png";
  }
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpg";
  return null;
}

/** A base64 data: URI of a PNG or JPEG picture; null for anything else or too large. */
export function decodeDataUri(src: string): PdfImage | null {
  const match = /^data:image\/(?:png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i.exec(src.trim());
  if (!match) return null;
  const data = Buffer.from(match[1]!, "base64");
  if (data.length === 0 || data.length > MAX_IMAGE_BYTES) return null;
  const format = imageFormat(data);
  return format ? { data, format } : null;
}

/** Addresses a server must not be made to call: loopback, private, link-local, reserved. */
const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  PRIVATE_NETWORKS.addSubnet(network, prefix, "ipv6");
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE_NETWORKS.check(address, "ipv4");
  if (family !== 6) return true;
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE_NETWORKS.check(mapped[1]!, "ipv4");
  return PRIVATE_NETWORKS.check(address, "ipv6");
}

async function readLimited(response: Response): Promise<Buffer | null> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_IMAGE_BYTES || !response.body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > MAX_IMAGE_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export type ImageLoaderOptions = {
  fetch?: typeof fetch;
  /** resolves a host name to its addresses (DNS by default) */
  resolve?: (host: string) => Promise<string[]>;
  /** lets a test serve pictures from this machine; never on in production */
  allowPrivateNetworks?: boolean;
  /** where refusals and failures are reported */
  warn?: (message: string, details: Record<string, unknown>) => void;
};

const resolveHost = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The loader of IMAGE elements. http(s) pictures are fetched without cookies or redirects, in
 * at most 5 s and 2 MB, only from hosts whose every address is public (no loopback, private or
 * link-local network: an organiser's URL must not reach the platform's own network), and must
 * be PNG or JPEG. A picture that fails is left out of the document rather than failing it.
 */
export function createImageLoader(options: ImageLoaderOptions = {}): ImageLoader {
  const doFetch = options.fetch ?? fetch;
  const resolve = options.resolve ?? resolveHost;
  const warn = options.warn ?? (() => {});
  return async (src) => {
    if (src.trim().toLowerCase().startsWith("data:")) {
      const image = decodeDataUri(src);
      if (!image) warn("document image refused", { reason: "data URI is not a PNG or JPEG" });
      return image;
    }
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      return null;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    try {
      const host = url.hostname.replace(/^\[|\]$/g, "");
      const addresses = isIP(host) ? [host] : await resolve(host);
      if (
        !options.allowPrivateNetworks &&
        (addresses.length === 0 || addresses.some(isPrivateAddress))
      ) {
        warn("document image refused", { host, reason: "private network address" });
        return null;
      }
      const response = await doFetch(url, {
        redirect: "manual",
        credentials: "omit",
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        headers: { accept: "image/png, image/jpeg" },
      });
      if (!response.ok) {
        warn("document image refused", { host, status: response.status });
        await response.body?.cancel();
        return null;
      }
      const data = await readLimited(response);
      const format = data ? imageFormat(data) : null;
      if (!data || !format) {
        warn("document image refused", { host, reason: "not a PNG or JPEG of at most 2 MB" });
        return null;
      }
      return { data, format };
    } catch (error) {
      warn("document image failed", { host: url.hostname, error: String(error) });
      return null;
    }
  };
}

/** The attendance QR code of a payload, as a PNG data URI (medium error correction). */
export function qrCodeDataUri(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, { errorCorrectionLevel: "M", margin: 1, width: 360 });
}
