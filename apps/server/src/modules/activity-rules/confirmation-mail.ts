import type { TenantTx } from "@booking/db";
import { escapeHtmlText } from "@booking/domain/html";
import type { MessageAttachment } from "../messages/queue.ts";
import { calendarFile, documentFiles } from "../notifications/scheduling-attachments.ts";
import type { EventHandlerDeps } from "../notifications/scheduling-deps.ts";
import { listCalendarDates } from "../notifications/scheduling-queries.ts";
import type { EventSubject } from "../notifications/scheduling-subject.ts";
import type { Organiser } from "../organisers/queries.ts";
import {
  activityTitles,
  findConfirmations,
  listConfirmationDocuments,
  readConfirmationFiles,
} from "./queries.ts";

/** What the activities' confirmations add to the family's confirmation e-mail (decision 0101). */
export type ConfirmationExtras = {
  /** Liquid over HTML, rendered after the template's content with the same data */
  appendix: string;
  attachments: MessageAttachment[];
};

const NONE: ConfirmationExtras = { appendix: "", attachments: [] };

/** A title as HTML that Liquid leaves as it is (no tag nor output can start in it). */
const literal = (text: string) => escapeHtmlText(text).replaceAll("{", "&#123;");

/**
 * The confirmations of the activities of the subject's live registrations: each message under
 * its activity's title, and their attachments — the calendar file of those registrations' dates
 * when one asks for it, the chosen document models of each registration (as the customer
 * would download them now), the uploaded PDFs.
 */
export async function confirmationExtras(
  tx: TenantTx,
  organiser: Organiser,
  subject: EventSubject,
  deps: Pick<EventHandlerDeps, "log" | "loadImage">,
): Promise<ConfirmationExtras> {
  const live = subject.registrations.filter((registration) => !registration.cancelled);
  const activityIds = [...new Set(live.map((registration) => registration.activityId))];
  const confirmations = await findConfirmations(tx, organiser.id, activityIds);
  if (confirmations.length === 0) return NONE;
  const ids = confirmations.map((confirmation) => confirmation.id);
  const titles = await activityTitles(tx, organiser.id, activityIds);
  const appendix = confirmations
    .filter((confirmation) => confirmation.message.trim().length > 0)
    .map(
      (confirmation) =>
        `<h2>${literal(titles.get(confirmation.activityId) ?? "")}</h2>\n${confirmation.message}`,
    )
    .join("\n");

  const attachments: MessageAttachment[] = [];
  const withCalendar = new Set(
    confirmations.filter((one) => one.calendarFile).map((one) => one.activityId),
  );
  const calendarRegistrations = live.filter((r) => withCalendar.has(r.activityId));
  if (calendarRegistrations.length > 0) {
    const dates = await listCalendarDates(tx, organiser.id, {
      registrationIds: calendarRegistrations.map((registration) => registration.id),
      availabilityIds: [],
    });
    if (dates.length > 0) attachments.push(calendarFile(organiser, dates));
  }
  const documents = await listConfirmationDocuments(tx, organiser.id, ids);
  const activityOf = new Map(confirmations.map((one) => [one.id, one.activityId]));
  const chosen = new Set(
    documents.map(
      (document) => `${activityOf.get(document.confirmationId)}:${document.documentModelId}`,
    ),
  );
  if (chosen.size > 0) {
    attachments.push(
      ...(await documentFiles(tx, organiser, live, deps, (registration, modelId) =>
        chosen.has(`${registration.activityId}:${modelId}`),
      )),
    );
  }
  for (const file of await readConfirmationFiles(tx, organiser.id, ids)) {
    attachments.push({
      filename: file.fileName,
      contentType: "application/pdf",
      contentBase64: file.content.toString("base64"),
    });
  }
  return { appendix, attachments };
}

/** Attachments once each by file name: a rule and a confirmation may both attach the calendar. */
export function distinctAttachments(files: MessageAttachment[]): MessageAttachment[] {
  const seen = new Set<string>();
  return files.filter((file) => {
    if (seen.has(file.filename)) return false;
    seen.add(file.filename);
    return true;
  });
}
