/**
 * The console's one rule for finding people (the customers list and the register-by-hand
 * search): what a typed search means, before the server turns it into SQL.
 *
 * - A search that looks like a phone number (only digits and the signs people type between them,
 *   three digits at least) matches the phone's digits, spaces and signs ignored on both sides.
 *   Phones are stored in international form (+32 470 …): a number typed the national way
 *   ("0470 12") drops its trunk zero, one typed with "00" its zeros, so that "0470 12",
 *   "+32 470 12", "0032 470 12" and "470.12" all find +32 470 12 34 56.
 * - Otherwise each word (at most 5) must match part of a first name, a last name or an e-mail,
 *   ignoring case and accents ("lea" finds "Léa", "LEA" and "Léandre"); a word of digits also
 *   matches part of the phone.
 */

/** Letters of Latin alphabets whose accents and strokes are dropped, and what they become. */
function accentFolds(): { from: string; to: string } {
  let from = "";
  let to = "";
  for (let code = 0xc0; code <= 0x24f; code++) {
    const letter = String.fromCodePoint(code);
    const base = letter.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    if (base !== letter && /^[a-z]$/.test(base)) {
      from += letter;
      to += base;
    }
  }
  // Letters with a stroke have no decomposition.
  return { from: `${from}ØøŁłĐđĦħ`, to: `${to}oollddhh` };
}

/**
 * The accent folding as two strings of equal length, for SQL's `translate(text, from, to)`: the
 * server folds the columns exactly as {@link foldForSearch} folds what was typed.
 */
export const SEARCH_FOLDS = accentFolds();

const FOLDS = new Map(
  [...SEARCH_FOLDS.from].map((letter, index) => [letter, SEARCH_FOLDS.to[index]!]),
);

/** `text` in lower case without accents: "Léa Ørsted" → "lea orsted". */
export function foldForSearch(text: string): string {
  return [...text].map((letter) => FOLDS.get(letter) ?? letter.toLowerCase()).join("");
}

export type PeopleSearch =
  | { kind: "phone"; digits: string }
  | { kind: "words"; words: Array<{ text: string; phoneDigits: string | null }> };

const PHONE_LIKE = /^[\d\s+()./-]+$/;
const MAX_WORDS = 5;

/** The digits of a typed phone number as they appear in a stored one (see the module's rule). */
function phoneDigits(typed: string): string {
  const digits = typed.replace(/\D/g, "");
  if (typed.trimStart().startsWith("+")) return digits;
  return digits.replace(/^0+/, "") || digits;
}

/**
 * What `q` searches for; null when it is empty (no condition). `phones: false` for a list without
 * phone numbers (participants): a number is then a word like any other.
 */
export function peopleSearch(
  q: string | null | undefined,
  { phones = true }: { phones?: boolean } = {},
): PeopleSearch | null {
  const text = (q ?? "").trim();
  if (text === "") return null;
  if (phones && PHONE_LIKE.test(text) && text.replace(/\D/g, "").length >= 3) {
    return { kind: "phone", digits: phoneDigits(text) };
  }
  const words = text.split(/\s+/).slice(0, MAX_WORDS);
  return {
    kind: "words",
    words: words.map((word) => ({
      text: foldForSearch(word),
      phoneDigits: phones && /^\d{3,}$/.test(word) ? phoneDigits(word) : null,
    })),
  };
}
