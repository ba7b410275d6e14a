import {
  bookingPartnerList,
  createParticipantBody,
  deleteParticipantQuery,
  deleteParticipantResponse,
  listParticipantsQuery,
  participantList,
  participantOptions as participantOptionsSchema,
  participantResponse,
  updateParticipantBody,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import { type ContextDeps, inTenant } from "../../http/service-context.ts";
import { searchBookingPartners } from "./booking-partners.ts";

/** Booking-partner searches a client may make per minute. */
export const BOOKING_PARTNER_SEARCHES_PER_MINUTE = 30;

import {
  createParticipant,
  deleteParticipant,
  listParticipants,
  participantOptions,
  updateParticipant,
} from "./service.ts";

/** The customer's participants: platform-and-account.md §7. */
export function registerParticipantRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["participants"];
  // The booking-partner search reads other customers' names: a few searches a minute per client.
  const bookingPartnerLimit = app.createRateLimit({
    max: BOOKING_PARTNER_SEARCHES_PER_MINUTE,
    timeWindow: "1 minute",
    keyGenerator: (request) => `${request.ip}|${request.siteHost}|booking-partners`,
  });

  api.get(
    "/api/participants",
    {
      schema: {
        tags,
        querystring: listParticipantsQuery,
        response: {
          200: z.union([participantList, participantOptionsSchema, bookingPartnerList]),
        },
      },
    },
    async (request, reply) => {
      if (request.query.scope === "booking") {
        const limit = await bookingPartnerLimit(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header("retry-after", limit.ttlInSeconds);
          throw new AppError("RATE_LIMITED");
        }
        return inTenant(deps, request, (context) =>
          searchBookingPartners(context, request.query.search),
        );
      }
      return inTenant<z.infer<typeof participantList> | z.infer<typeof participantOptionsSchema>>(
        deps,
        request,
        (context) =>
          request.query.response_type === "multiselect-search"
            ? participantOptions(context, request.query)
            : listParticipants(context, request.query),
      );
    },
  );

  api.post(
    "/api/participants",
    { schema: { tags, body: createParticipantBody, response: { 201: participantResponse } } },
    async (request, reply) => {
      const participant = await inTenant(deps, request, (context) =>
        createParticipant(context, request.body),
      );
      return reply.status(201).send({ participant });
    },
  );

  api.put(
    "/api/participants",
    { schema: { tags, body: updateParticipantBody, response: { 200: participantResponse } } },
    async (request) => ({
      participant: await inTenant(deps, request, (context) =>
        updateParticipant(context, request.body),
      ),
    }),
  );

  api.delete(
    "/api/participants",
    {
      schema: {
        tags,
        querystring: deleteParticipantQuery,
        response: { 200: deleteParticipantResponse },
      },
    },
    async (request) => {
      const { archived } = await inTenant(deps, request, (context) =>
        deleteParticipant(context, request.query.participant_id),
      );
      return { ok: true as const, archived };
    },
  );
}
