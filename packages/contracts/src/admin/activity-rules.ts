import { z } from "zod";
import {
  CANCELLATION_MAX_HOURS,
  CANCELLATION_REFUNDS,
  cancellationPolicyView,
} from "../cancellation-policy.ts";
import { cuidValue, richText } from "./catalogue-fields.ts";

/**
 * An activity's rules in the console (docs/decisions/0101): its cancellation policy
 * (GET/PUT /api/admin/activities/:cuid/cancellation-policy, activities.cancellations.*) and its
 * confirmation (GET/PUT /api/admin/activities/:cuid/confirmation, its preview and files,
 * activities.confirmations.*).
 */

export const adminCancellationPolicyView = cancellationPolicyView.extend({
  /** no policy written: the default applies */
  is_default: z.boolean(),
});
export type AdminCancellationPolicyView = z.infer<typeof adminCancellationPolicyView>;

export const adminCancellationPolicyBody = z.object({
  online_until_hours: z
    .int("INVALID_TYPE")
    .min(0, "TOO_SMALL")
    .max(CANCELLATION_MAX_HOURS, "TOO_BIG")
    .nullable(),
  refund: z.enum(CANCELLATION_REFUNDS, "INVALID_CHOICE"),
  refund_percentage: z.int("INVALID_TYPE").min(0, "TOO_SMALL").max(100, "TOO_BIG"),
});
export type AdminCancellationPolicyBody = z.input<typeof adminCancellationPolicyBody>;

/** At most this many document models and files go with one confirmation. */
export const CONFIRMATION_DOCUMENTS_MAX = 10;
export const CONFIRMATION_FILES_MAX = 5;
/** An uploaded file's largest size: 2 MiB. */
export const CONFIRMATION_FILE_MAX_BYTES = 2 * 1024 * 1024;

export const adminConfirmationFile = z.object({
  cuid: z.string(),
  file_name: z.string(),
  size_bytes: z.int(),
  created_at: z.string(),
});
export type AdminConfirmationFile = z.infer<typeof adminConfirmationFile>;

export const adminActivityConfirmationView = z.object({
  /** Liquid over the rich editor's HTML, rendered with the notification templates' data */
  message: z.string(),
  calendar_file: z.boolean(),
  /** the cuids of the document models attached */
  document_models: z.array(z.string()),
  /** the organiser's active document models, to choose from */
  available_document_models: z.array(z.object({ cuid: z.string(), title: z.string() })),
  files: z.array(adminConfirmationFile),
});
export type AdminActivityConfirmationView = z.infer<typeof adminActivityConfirmationView>;

export const adminActivityConfirmationBody = z.object({
  message: richText,
  calendar_file: z.boolean("INVALID_TYPE"),
  document_models: z.array(cuidValue).max(CONFIRMATION_DOCUMENTS_MAX, "TOO_BIG"),
});
export type AdminActivityConfirmationBody = z.input<typeof adminActivityConfirmationBody>;

export const adminConfirmationPreviewBody = z.object({ message: richText });
export type AdminConfirmationPreviewBody = z.input<typeof adminConfirmationPreviewBody>;

/** The message as typed, rendered in the e-mail's frame on the organiser's latest data. */
export const adminConfirmationPreview = z.object({ html: z.string(), text: z.string() });
export type AdminConfirmationPreview = z.infer<typeof adminConfirmationPreview>;

export const confirmationFileParams = z.object({ cuid: cuidValue, file: cuidValue });
