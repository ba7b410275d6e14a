import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const FOLDER = /^[a-z0-9]{1,64}$/;
const KEY = /^[a-f0-9]{32}$/;

/**
 * Customers' proofs of payment on disk (decision 0098): one folder per organiser (its cuid), each
 * file under a random key. Unlike images nothing serves this folder: the routes read a file once
 * they have checked who asks.
 */
export interface ProofStore {
  /** writes the bytes, answering their storage path `{organiser cuid}/{key}` */
  save(organiserCuid: string, bytes: Uint8Array): Promise<string>;
  /** the stored bytes, or null when the path is not one of the store's or the file is gone */
  read(storagePath: string): Promise<Buffer | null>;
  /** removes a stored file; a missing one is not an error */
  remove(storagePath: string): Promise<void>;
}

export function createProofStore(root: string): ProofStore {
  const inside = (storagePath: string) => {
    const [folder, key, ...rest] = storagePath.split("/");
    if (!folder || !key || rest.length > 0 || !FOLDER.test(folder) || !KEY.test(key)) return null;
    return path.join(root, folder, key);
  };
  return {
    async save(organiserCuid, bytes) {
      if (!FOLDER.test(organiserCuid)) throw new Error(`bad proof folder ${organiserCuid}`);
      const storagePath = `${organiserCuid}/${randomBytes(16).toString("hex")}`;
      await mkdir(path.join(root, organiserCuid), { recursive: true, mode: 0o700 });
      await writeFile(inside(storagePath) as string, bytes, { mode: 0o600, flag: "wx" });
      return storagePath;
    },
    async read(storagePath) {
      const full = inside(storagePath);
      if (!full) return null;
      return readFile(full).catch(() => null);
    },
    async remove(storagePath) {
      const full = inside(storagePath);
      if (full) await rm(full, { force: true });
    },
  };
}
