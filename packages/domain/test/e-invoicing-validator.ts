import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** A finding of the Peppol validator (../shared/validators/peppol/README.md). */
export interface PeppolFinding {
  source: string;
  id: string;
  flag: "fatal" | "warning";
  location: string;
  text: string;
}

export interface PeppolResult {
  valid: boolean;
  documentType: string;
  fatal: PeppolFinding[];
  warnings: PeppolFinding[];
}

export interface PeppolValidator {
  validateAll(xml: string[]): Promise<PeppolResult[]>;
  /** CEN and Peppol rules without the XSD, synchronous and fast. */
  validateRules(xml: string): PeppolResult;
}

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * The official Peppol BIS 3.0 + EN 16931 rules compiled for Node, from PEPPOL_VALIDATOR_DIR, the
 * shared/ folder beside the repository (as CI lays it) or /work/shared. Throws when none exists:
 * a missing validator must fail the tests, never skip them.
 */
export async function peppolValidator(): Promise<PeppolValidator> {
  const candidates = [
    process.env.PEPPOL_VALIDATOR_DIR,
    join(repositoryRoot, "../shared/validators/peppol"),
    "/work/shared/validators/peppol",
  ].filter((dir): dir is string => Boolean(dir));
  const dir = candidates.find((candidate) => existsSync(join(candidate, "validate.mjs")));
  if (!dir) {
    throw new Error(
      `Peppol validator not found (validate.mjs) in: ${candidates.join(", ")}. ` +
        "Set PEPPOL_VALIDATOR_DIR to the validators/peppol folder of shared/.",
    );
  }
  return (await import(pathToFileURL(join(dir, "validate.mjs")).href)) as PeppolValidator;
}
