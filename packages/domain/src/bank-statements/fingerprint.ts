/**
 * The fingerprint of a statement line: the same for the same movement in any file (the same file
 * uploaded twice, a re-export, a statement overlapping an earlier one), different for different
 * movements, so that the import stores each movement once. The parts below are hashed with
 * SHA-256 into 64 hexadecimal characters ("account" is the account's IBAN, else its identifier
 * in the file).
 *
 * - When the bank gives a reference of the movement (CAMT AcctSvcrRef of the transaction, else of
 *   the entry; CODA record 2.1 bank reference): account + reference + the line's position among
 *   the lines of that movement (0 for a plain movement; 0, 1, … for the payments of a batch
 *   booking, which share the batch's reference).
 * - Otherwise (CAMT NtryRef is unique only within one statement, so it is not enough): account +
 *   booking day + currency + amount + counterparty IBAN and name + communication + creditor
 *   reference + occurrence, the number of earlier lines of the statement with all of these equal.
 *   Two identical payments on the same day stay two lines, numbered in file order, and a re-export
 *   lists them in the same order.
 */

import type { BankStatementLine } from "./types.ts";

/** A parsed line before its fingerprint, with what the fingerprint is made of. */
export type BankStatementLineDraft = Omit<BankStatementLine, "fingerprint"> & {
  /** A reference that identifies the movement at the bank, or null. */
  movementReference: string | null;
  /** Position of the line among the lines of its movement, from 0. */
  part: number;
};

/** The lines of one statement of `account`, with their fingerprints. */
export function fingerprintLines(
  account: string,
  drafts: readonly BankStatementLineDraft[],
): BankStatementLine[] {
  const occurrences = new Map<string, number>();
  return drafts.map(({ movementReference, part, ...line }) => {
    if (movementReference !== null) {
      return {
        ...line,
        fingerprint: sha256Hex(JSON.stringify([account, movementReference, part])),
      };
    }
    const content = JSON.stringify([
      account,
      line.bookingDate,
      line.currency,
      line.amount,
      line.counterpartyIban,
      line.counterpartyName,
      line.communication,
      line.creditorReference,
    ]);
    const occurrence = occurrences.get(content) ?? 0;
    occurrences.set(content, occurrence + 1);
    return { ...line, fingerprint: sha256Hex(JSON.stringify([content, occurrence])) };
  });
}

// SHA-256 (FIPS 180-4), written out because this package runs in the browser too, where
// node:crypto is missing and Web Crypto is asynchronous.
const ROUND_CONSTANTS = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL_HASH = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

function rotateRight(value: number, bits: number): number {
  return (value >>> bits) | (value << (32 - bits));
}

/** SHA-256 of the UTF-8 bytes of `text`, in lower-case hexadecimal. */
export function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bitLength = bytes.length * 8;
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);

  const hash = Uint32Array.from(INITIAL_HASH);
  const schedule = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) schedule[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const w15 = schedule[i - 15]!;
      const w2 = schedule[i - 2]!;
      const s0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >>> 3);
      const s1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >>> 10);
      schedule[i] = schedule[i - 16]! + s0 + schedule[i - 7]! + s1;
    }
    const state = Uint32Array.from(hash);
    for (let i = 0; i < 64; i++) {
      const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = state;
      const s1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25);
      const choice = (e & f) ^ (~e & g);
      const t1 = h + s1 + choice + ROUND_CONSTANTS[i]! + schedule[i]!;
      const s0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22);
      const majority = (a & b) ^ (a & c) ^ (b & c);
      // (a … h) becomes (t1 + s0 + majority, a, b, c, d + t1, e, f, g).
      state.copyWithin(1, 0, 7);
      state[4] = d + t1;
      state[0] = t1 + s0 + majority;
    }
    for (let i = 0; i < 8; i++) hash[i] = hash[i]! + state[i]!;
  }
  return Array.from(hash, (word) => word.toString(16).padStart(8, "0")).join("");
}
