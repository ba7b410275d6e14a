/** The file types a proof of payment may be (decision 0098). */
export type ProofContentType = "application/pdf" | "image/jpeg" | "image/png";

const SIGNATURES: ReadonlyArray<{ type: ProofContentType; bytes: readonly number[] }> = [
  // "%PDF-"
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/**
 * What a proof of payment is, read from its first bytes: never the name or the type the browser
 * sent, which the sender chooses. Null for anything else (HTML, SVG, executables…).
 */
export function sniffProofType(bytes: Uint8Array): ProofContentType | null {
  const found = SIGNATURES.find((signature) =>
    signature.bytes.every((byte, index) => bytes[index] === byte),
  );
  return found?.type ?? null;
}

const EXTENSIONS: Record<ProofContentType, string> = {
  "application/pdf": ".pdf",
  "image/jpeg": ".jpg",
  "image/png": ".png",
};

/**
 * The name staff see and download a proof as: the customer's file name without folders,
 * control characters or quotes, at most 120 characters, ending with its real type's extension.
 */
export function proofFileName(sent: string | undefined, type: ProofContentType): string {
  const extension = EXTENSIONS[type];
  const base = (sent ?? "")
    .split(/[\\/]/)
    .pop()
    ?.replace(/[\p{Cc}\p{Cf}"<>]/gu, "")
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .slice(0, 120 - extension.length);
  return `${base || "proof"}${extension}`;
}
