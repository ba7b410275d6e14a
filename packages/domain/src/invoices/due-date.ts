/** The due date of a document issued at `issuedAt` with a delay of `days` days (same time of day). */
export function invoiceDueAt(issuedAt: Date, days: number): Date {
  return new Date(issuedAt.getTime() + days * 86_400_000);
}
