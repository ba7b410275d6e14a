import {
  adminCuidParams,
  adminRegistrationResponse,
  adminReplacementChoices,
  adminReplaceParticipantBody,
  availabilityAutomaticCancellationBody,
  availabilityAutomaticCancellationView,
  okResponse,
  unpaidCancellationRuleBody,
  unpaidCancellationRuleView,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { replacementChoices, replaceParticipant } from "../registrations/console-replace.ts";
import { restoreRegistration } from "../registrations/console-restore.ts";
import {
  availabilityRule,
  deleteAvailabilityRule,
  saveAvailabilityRule,
  unpaidRule,
  updateUnpaidRule,
} from "./console-service.ts";

/**
 * Automatic cancellations and what staff do about a cancellation (decision 0088): the unpaid
 * orders' rule, an availability's minimum of participants, restoring a cancelled registration
 * and replacing a registration's participant.
 */
export function registerAutomaticCancellationRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: automatic cancellations"];
  const params = adminCuidParams;

  api.get(
    "/api/admin/settings/automatic-cancellations",
    {
      schema: { tags, response: { 200: unpaidCancellationRuleView } },
      config: { console: "availabilities.automatic_cancellations.read" },
    },
    (request) => inConsole(deps, request, (context) => unpaidRule(context)),
  );
  api.put(
    "/api/admin/settings/automatic-cancellations",
    {
      schema: {
        tags,
        body: unpaidCancellationRuleBody,
        response: { 200: unpaidCancellationRuleView },
      },
      config: { console: "availabilities.automatic_cancellations.update" },
    },
    (request) => inConsole(deps, request, (context) => updateUnpaidRule(context, request.body)),
  );
  api.get(
    "/api/admin/availabilities/:cuid/automatic-cancellation",
    {
      schema: { tags, params, response: { 200: availabilityAutomaticCancellationView } },
      config: { console: "availabilities.automatic_cancellations.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => availabilityRule(context, request.params.cuid)),
  );
  api.put(
    "/api/admin/availabilities/:cuid/automatic-cancellation",
    {
      schema: {
        tags,
        params,
        body: availabilityAutomaticCancellationBody,
        response: { 200: availabilityAutomaticCancellationView },
      },
      config: { console: "availabilities.automatic_cancellations.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        saveAvailabilityRule(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/availabilities/:cuid/automatic-cancellation",
    {
      schema: { tags, params, response: { 200: okResponse } },
      config: { console: "availabilities.automatic_cancellations.delete" },
    },
    (request) =>
      inConsole(deps, request, (context) => deleteAvailabilityRule(context, request.params.cuid)),
  );

  api.post(
    "/api/admin/registrations/:cuid/restore",
    {
      schema: { tags, params, response: { 200: adminRegistrationResponse } },
      config: { console: "registrations.registrations.cancel" },
    },
    async (request) => ({
      registration: await inConsole(deps, request, (context) =>
        restoreRegistration(context, request.params.cuid),
      ),
    }),
  );
  api.get(
    "/api/admin/registrations/:cuid/replacements",
    {
      schema: { tags, params, response: { 200: adminReplacementChoices } },
      config: { console: "registrations.registrations.replace" },
    },
    (request) =>
      inConsole(deps, request, (context) => replacementChoices(context, request.params.cuid)),
  );
  api.post(
    "/api/admin/registrations/:cuid/replace",
    {
      schema: {
        tags,
        params,
        body: adminReplaceParticipantBody,
        response: { 200: adminRegistrationResponse },
      },
      config: { console: "registrations.registrations.replace" },
    },
    async (request) => ({
      registration: await inConsole(deps, request, (context) =>
        replaceParticipant(context, request.params.cuid, request.body.participant),
      ),
    }),
  );
}
