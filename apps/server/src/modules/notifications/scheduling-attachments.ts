import type { DocumentDownloadQuery } from "@booking/contracts";
import type { RuleAttachments, TenantTx } from "@booking/db";
import { createEvents, type EventAttributes } from "ics";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../http/service-context.ts";
import { createImageLoader } from "../documents/images.ts";
import { renderDocumentPdf } from "../documents/pdf.ts";
import { listRegistrationDocuments, prepareDocumentDownload } from "../documents/service.ts";
import type { MessageAttachment } from "../messages/queue.ts";
import type { Organiser } from "../organisers/queries.ts";
import type { EventHandlerDeps } from "./scheduling-deps.ts";
import { type CalendarDate, listCalendarDates } from "./scheduling-queries.ts";
import type { EventSubject } from "./scheduling-subject.ts";

/** The files a rule attaches: the calendar of the dates, the registrations' documents as PDF. */
export async function attachmentsFor(
  tx: TenantTx,
  organiser: Organiser,
  wanted: RuleAttachments,
  subject: EventSubject,
  deps: Pick<EventHandlerDeps, "log" | "loadImage">,
): Promise<MessageAttachment[]> {
  const files: MessageAttachment[] = [];
  if (wanted.ics) {
    const dates = await listCalendarDates(tx, organiser.id, {
      registrationIds: subject.registrations.map((registration) => registration.id),
      availabilityIds: subject.availabilityIds,
    });
    if (dates.length > 0) files.push(calendarFile(organiser, dates));
  }
  if (wanted.documents) {
    files.push(...(await documentFiles(tx, organiser, subject.registrations, deps)));
  }
  return files;
}

const utc = (date: Date): [number, number, number, number, number] => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
  date.getUTCHours(),
  date.getUTCMinutes(),
];

/** An iCalendar file (RFC 5545) with one event per date, in UTC. */
export function calendarFile(
  organiser: Pick<Organiser, "name">,
  dates: CalendarDate[],
): MessageAttachment {
  return {
    filename: "dates.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    contentBase64: Buffer.from(calendarText(organiser, dates), "utf8").toString("base64"),
  };
}

/**
 * The iCalendar text (RFC 5545) of some dates, in UTC: one event per date whose UID is the date's
 * cuid, so that the e-mailed file and the availability's feed (decision 0093) name the same
 * events; a feed's revision `sequence` and `cancelled` let subscribed calendars follow changes.
 */
export function calendarText(
  organiser: Pick<Organiser, "name">,
  dates: Array<CalendarDate & { sequence?: number; cancelled?: boolean }>,
  calendarName?: string,
): string {
  const events: EventAttributes[] = dates.map((date) => ({
    uid: `${date.cuid}@booking`,
    ...(date.sequence === undefined ? {} : { sequence: date.sequence }),
    ...(date.cancelled === undefined
      ? {}
      : { status: date.cancelled ? ("CANCELLED" as const) : ("CONFIRMED" as const) }),
    title: date.title,
    start: utc(date.startAt),
    startInputType: "utc",
    startOutputType: "utc",
    end: utc(date.endAt),
    endInputType: "utc",
    endOutputType: "utc",
    ...(date.location ? { location: date.location } : {}),
    // No ORGANIZER: RFC 5545 wants an address (mailto:) there, and an organiser has none; a
    // name alone made the line unreadable to strict parsers (ical.js refused the whole file).
    description: organiser.name,
  }));
  const { error, value } = createEvents(
    events,
    calendarName ? { method: "PUBLISH", calName: calendarName } : {},
  );
  if (error || !value) throw error ?? new Error("calendar file not made");
  return value;
}

/**
 * The PDF of each document of the registrations that can be downloaded now (payment and date
 * requirements met, no value to type in): what the customer would download from their account;
 * `wanted` narrows them (an activity's confirmation attaches the models it chose, 0101).
 */
export async function documentFiles(
  tx: TenantTx,
  organiser: Organiser,
  registrations: EventSubject["registrations"],
  deps: Pick<EventHandlerDeps, "log" | "loadImage">,
  wanted: (registration: EventSubject["registrations"][number], modelId: number) => boolean = () =>
    true,
): Promise<MessageAttachment[]> {
  const loadImage = deps.loadImage ?? createImageLoader();
  const files: MessageAttachment[] = [];
  for (const registration of registrations) {
    if (registration.cancelled) continue;
    // The documents are the customer's own: read as that customer would, in this transaction.
    const context: ServiceContext = {
      db: tx,
      organiser,
      actor: {
        kind: "customer",
        customerId: registration.customerId,
        sessionId: 0,
        impersonatorId: null,
      },
      log: deps.log as ServiceContext["log"],
      afterCommit: () => {},
    };
    const documents = await listRegistrationDocuments(context, { id: registration.id });
    for (const document of documents) {
      if (document.availability.state !== "AVAILABLE" || !wanted(registration, document.id))
        continue;
      try {
        // No custom inputs: the catch-all of the query stays empty.
        const query = {
          registration_id: registration.id,
          document_id: document.id,
        } as DocumentDownloadQuery;
        const prepared = await prepareDocumentDownload(context, query);
        const pdf = await renderDocumentPdf(prepared, loadImage);
        files.push({
          // The download's name is given without its extension (contentDisposition adds it).
          filename: `${prepared.filename}.pdf`,
          contentType: "application/pdf",
          contentBase64: Buffer.from(pdf).toString("base64"),
        });
      } catch (error) {
        // A document that asks for values typed in by the customer cannot be made for them.
        if (!(error instanceof AppError)) throw error;
        deps.log.info({ document: document.cuid, code: error.code }, "document not attached");
      }
    }
  }
  return files;
}
