/**
 * What a participant's attendance QR code (platform-and-account.md §3.1, participant group)
 * holds: a URN naming the organiser and the participant by their public ids, so that the
 * attendance scanner of staff recognises the participant and refuses a code of another
 * organiser. No secret: it identifies, it does not authorise.
 */
export function attendanceQrPayload(organiserCuid: string, participantCuid: string): string {
  return `urn:booking:attendance:${organiserCuid}:${participantCuid}`;
}

/** The organiser and participant cuids of an attendance QR payload; null for anything else. */
export function parseAttendanceQrPayload(
  payload: string,
): { organiser: string; participant: string } | null {
  const match = /^urn:booking:attendance:([a-z0-9]+):([a-z0-9]+)$/.exec(payload.trim());
  return match ? { organiser: match[1]!, participant: match[2]! } : null;
}
