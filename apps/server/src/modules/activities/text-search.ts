import type { Column, SQL } from "@booking/db/orm";
import { like } from "@booking/db/orm";
import { folded, foldText, wordsCondition } from "../catalogue/queries.ts";

const MAX_WORDS = 10;

/**
 * The console lists' search, folded as the storefront's: every word, accents and case aside, is
 * found in one of the columns.
 */
export function textSearch(search: string | undefined, columns: Column[]): SQL | undefined {
  const words = search ? foldText(search).split(/\s+/).filter(Boolean).slice(0, MAX_WORDS) : [];
  return wordsCondition(words, (pattern) => columns.map((column) => like(folded(column), pattern)));
}
