import type { ImportCounts, ImportError, MappingProblems } from "@booking/domain";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { ImportRow } from "./queries.ts";

/**
 * What one kind of import brings to the shared pipeline (upload, mapping, check, commit —
 * service.ts): its targets and how headers name them, and how its rows are checked against the
 * organiser's data into a plan the commit applies.
 */

export type KindTargets = {
  /** every target a column may map to */
  keys: string[];
  required: string[];
  /** custom fields' titles by target */
  titles: ReadonlyMap<string, string>;
  /** the target of each column guessed from the headers */
  guess(headers: readonly string[]): (string | null)[];
};

export type KindCheck = {
  problems: MappingProblems | null;
  errors: ImportError[];
  /** null while the mapping or a row has errors: nothing can be committed then */
  plan: {
    summary: Record<string, ImportCounts>;
    apply(options: CommitOptions): Promise<void>;
  } | null;
};

/** What staff choose when committing: registrations' confirmations (decision 0091). */
export type CommitOptions = { sendConfirmations: boolean };

export type ImportKindHandler = {
  targets(context: ConsoleContext): Promise<KindTargets>;
  check(context: ConsoleContext, upload: ImportRow): Promise<KindCheck>;
};

/** A plan's errors after the rows' own, in line order. */
export function withPlanErrors(
  problems: MappingProblems | null,
  rowErrors: ImportError[],
  plan: { errors: ImportError[] },
  commit: KindCheck["plan"],
): KindCheck {
  const errors = [...rowErrors, ...plan.errors].sort((a, b) => a.line - b.line);
  return { problems, errors, plan: errors.length === 0 ? commit : null };
}
