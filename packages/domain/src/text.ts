/**
 * Text normalisation rules (platform-and-account.md §5): e-mails are trimmed and lower-cased,
 * names are trimmed, and deleting the account or a participant needs the full name typed.
 */

/** Trim and lower-case (locale-independent), as the profile, login and registration forms do. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Trim and collapse every run of inner whitespace (including no-break spaces) to one space. */
export function normaliseName(value: string): string {
  return value.trim().replace(/\s+/g, " ");
}

/** "firstname lastname", normalised; a missing part leaves no stray space. */
export function fullName(firstname: string, lastname: string): string {
  return normaliseName(`${firstname} ${lastname}`);
}

/** Confirmation form of a name: no whitespace at all, lower-cased, Unicode NFC. */
function confirmationKey(value: string): string {
  return value.normalize("NFC").replace(/\s+/g, "").toLowerCase();
}

/**
 * Deletion confirmation: the typed text matches the full name once whitespace is removed and
 * both sides are lower-cased ("Marie  Dupont" matches "mariedupont" and " MARIE DUPONT ").
 * Both sides are also put in Unicode NFC so an accent typed as a combining mark still matches.
 * An empty full name never matches, so an empty confirmation can never delete anything.
 */
export function confirmationMatches(fullname: string, typed: string): boolean {
  const expected = confirmationKey(fullname);
  return expected.length > 0 && confirmationKey(typed) === expected;
}
