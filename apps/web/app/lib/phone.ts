/**
 * Phone inputs are international (platform-and-account.md §5): a number typed with the 00 prefix
 * becomes + on blur (`0032 470…` → `+32 470…`); the shared schema then checks the format.
 */
export function normalisePhone(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith("00") ? `+${trimmed.slice(2)}` : trimmed;
}
