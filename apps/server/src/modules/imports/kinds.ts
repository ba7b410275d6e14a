import type { ImportKind } from "@booking/contracts";
import { activityImport } from "./activity-import.ts";
import { availabilityImport } from "./availability-import.ts";
import { customerImport } from "./customer-import.ts";
import type { ImportKindHandler } from "./kind-check.ts";
import type { ImportRow } from "./queries.ts";
import { registrationImport } from "./registration-import.ts";

/** The kinds built, as the contracts offer them (IMPORT_KINDS). */
const HANDLERS: Record<ImportKind, ImportKindHandler> = {
  CUSTOMERS: customerImport,
  ACTIVITIES: activityImport,
  AVAILABILITIES: availabilityImport,
  REGISTRATIONS: registrationImport,
};

export function importKind(kind: ImportRow["kind"]): ImportKindHandler {
  const handler = HANDLERS[kind as ImportKind];
  // Uploads take only the contracts' kinds: a stored import of another kind cannot exist.
  if (!handler) throw new Error(`No import handler for ${kind}`);
  return handler;
}
