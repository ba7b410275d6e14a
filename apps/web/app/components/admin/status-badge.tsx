/**
 * A status as a coloured pill (blue, green, red, yellow, grey of platform-and-account.md §4):
 * the console's badges are the account area's, `<StatusBadge tone="green">Active</StatusBadge>`.
 */
export { ToneBadge as StatusBadge } from "../account/tone-badge";
