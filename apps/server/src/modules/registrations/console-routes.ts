import {
  adminAvailabilityChoices,
  adminAvailabilityRegistrations,
  adminCancelRegistrationBody,
  adminCancelResponse,
  adminChoiceSearchQuery,
  adminCreateRegistrationBody,
  adminCuidParams,
  adminCustomerChoices,
  adminRegistrationEstimate,
  adminRegistrationForm,
  adminRegistrationList,
  adminRegistrationListQuery,
  adminRegistrationResponse,
  adminTransferBody,
  adminTransferEstimate,
  adminTransferEstimateBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import { type ConsoleMailDeps, storefrontMail } from "./console-links.ts";
import {
  availabilityRegistrations,
  cancelRegistrationByOrganiser,
  createRegistrationByHand,
  estimateRegistrationByHand,
  estimateTransfer,
  listRegistrations,
  registrationDetail,
  registrationForm,
  searchAvailabilities,
  searchCustomers,
  transferRegistration,
} from "./console-service.ts";

/** The console's registrations (docs/decisions/0024-console-registrations.md). */
export function registerRegistrationConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & ConsoleMailDeps,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: registrations"];
  const params = adminCuidParams;

  api.get(
    "/api/admin/registrations",
    {
      schema: {
        tags,
        querystring: adminRegistrationListQuery,
        response: { 200: adminRegistrationList },
      },
      config: { console: "registrations.registrations.read" },
    },
    (request) => inConsole(deps, request, (context) => listRegistrations(context, request.query)),
  );
  api.get(
    "/api/admin/availabilities/:cuid/registrations",
    {
      schema: {
        tags,
        params,
        querystring: adminRegistrationListQuery,
        response: { 200: adminAvailabilityRegistrations },
      },
      config: { console: "registrations.registrations.read" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        availabilityRegistrations(context, request.params.cuid, request.query),
      ),
  );
  api.get(
    "/api/admin/registrations/:cuid",
    {
      schema: { tags, params, response: { 200: adminRegistrationResponse } },
      config: { console: "registrations.registrations.read" },
    },
    async (request) => ({
      registration: await inConsole(deps, request, (context) =>
        registrationDetail(context, request.params.cuid),
      ),
    }),
  );

  // Registering by hand: whom, on what, at what price.
  api.get(
    "/api/admin/registrations/customers",
    {
      schema: {
        tags,
        querystring: adminChoiceSearchQuery,
        response: { 200: adminCustomerChoices },
      },
      config: { console: "registrations.registrations.create" },
    },
    (request) => inConsole(deps, request, (context) => searchCustomers(context, request.query.q)),
  );
  api.get(
    "/api/admin/registrations/availabilities",
    {
      schema: {
        tags,
        querystring: adminChoiceSearchQuery,
        response: { 200: adminAvailabilityChoices },
      },
      config: { console: "registrations.registrations.create" },
    },
    (request) =>
      inConsole(deps, request, (context) => searchAvailabilities(context, request.query.q)),
  );
  api.get(
    "/api/admin/availabilities/:cuid/registration-form",
    {
      schema: { tags, params, response: { 200: adminRegistrationForm } },
      config: { console: "registrations.registrations.create" },
    },
    (request) =>
      inConsole(deps, request, (context) => registrationForm(context, request.params.cuid)),
  );
  api.post(
    "/api/admin/registrations/estimate",
    {
      schema: {
        tags,
        body: adminCreateRegistrationBody,
        response: { 200: adminRegistrationEstimate },
      },
      config: { console: "registrations.registrations.create" },
    },
    (request) =>
      inConsole(deps, request, (context) => estimateRegistrationByHand(context, request.body)),
  );
  api.post(
    "/api/admin/registrations",
    {
      schema: {
        tags,
        body: adminCreateRegistrationBody,
        response: { 201: adminRegistrationResponse },
      },
      config: { console: "registrations.registrations.create" },
    },
    async (request, reply) => {
      const registration = await inConsole(deps, request, (context) =>
        createRegistrationByHand(context, request.body),
      );
      return reply.status(201).send({ registration });
    },
  );

  api.post(
    "/api/admin/registrations/:cuid/cancel",
    {
      schema: {
        tags,
        params,
        body: adminCancelRegistrationBody,
        response: { 200: adminCancelResponse },
      },
      config: { console: "registrations.registrations.cancel" },
    },
    (request) => {
      const mail = storefrontMail(request, deps);
      return inConsole(deps, request, (context) =>
        cancelRegistrationByOrganiser(context, request.params.cuid, request.body, mail.offer),
      );
    },
  );
  api.post(
    "/api/admin/registrations/:cuid/transfer/estimate",
    {
      schema: {
        tags,
        params,
        body: adminTransferEstimateBody,
        response: { 200: adminTransferEstimate },
      },
      config: { console: "registrations.registrations.transfer" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        estimateTransfer(context, request.params.cuid, request.body),
      ),
  );
  api.post(
    "/api/admin/registrations/:cuid/transfer",
    {
      schema: {
        tags,
        params,
        body: adminTransferBody,
        response: { 200: adminRegistrationResponse },
      },
      config: { console: "registrations.registrations.transfer" },
    },
    async (request) => ({
      registration: await inConsole(deps, request, (context) =>
        transferRegistration(context, request.params.cuid, request.body),
      ),
    }),
  );
}
