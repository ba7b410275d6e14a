/**
 * The identity of a statement line: the same for the same movement in any copy of its statement
 * (the same file uploaded twice, a re-downloaded copy whose message and file ids differ),
 * different for any two movements, so that the import stores each movement once and never takes
 * two for one (decision 0038). Its parts, hashed with SHA-256 into 64 hexadecimal characters:
 *
 * - the account (its IBAN, else its identifier as the file gives it);
 * - the statement's key for that account (types.ts `statementKey`): the bank's statement number
 *   with its year, else (CAMT without a number) its Stmt/Id;
 * - the line's place in the statement: CAMT the entry's position among the statement's Ntry
 *   (and the TxDtls' position in a batch entry), CODA the movement's sequence and detail numbers.
 *
 * Banks reuse their own references (two credits of one statement may share AcctSvcrRef, two
 * CODA debits their bank reference), so a reference never identifies a line on its own.
 *
 * The legacy fingerprint is the identity the import used before (account + bank reference +
 * part, else the line's content and occurrence): lines stored then carry it, and a re-import of
 * their file takes each such row for the first line with that legacy fingerprint, once.
 */

import type { BankStatementLine } from "./types.ts";

/** A parsed line before its fingerprints, with what they are made of. */
export type BankStatementLineDraft = Omit<
  BankStatementLine,
  "fingerprint" | "legacyFingerprint"
> & {
  /** The line's place in its statement ("3", "3.2", "0004.0001"), stable across copies. */
  place: string;
  /** A reference that identified the movement at the bank before decision 0038, or null. */
  movementReference: string | null;
  /** Position of the line among the lines of its movement, from 0. */
  part: number;
};

/** The lines of one statement of `account` whose key is `statementKey`, with their identities. */
export function identifyLines(
  account: string,
  statementKey: string,
  drafts: readonly BankStatementLineDraft[],
): BankStatementLine[] {
  const occurrences = new Map<string, number>();
  return drafts.map(({ place, movementReference, part, ...line }) => ({
    ...line,
    fingerprint: sha256Hex(JSON.stringify(["statement-line", account, statementKey, place])),
    legacyFingerprint: legacyFingerprint(
      account,
      { ...line, movementReference, part },
      occurrences,
    ),
  }));
}

function legacyFingerprint(
  account: string,
  line: Omit<BankStatementLineDraft, "place">,
  occurrences: Map<string, number>,
): string {
  if (line.movementReference !== null) {
    return sha256Hex(JSON.stringify([account, line.movementReference, line.part]));
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
  return sha256Hex(JSON.stringify([content, occurrence]));
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
