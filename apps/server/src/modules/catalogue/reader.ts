import {
  activitiesQuery,
  availabilitiesCalendarQuery,
  availabilitiesQuery,
  availabilityDatesQuery,
  CUID_PATTERN,
  listCustomerVouchersQuery,
  listParticipantsQuery,
  listRegistrationsQuery,
  productsQuery,
  resourceAvailabilitiesQuery,
  resourcesQuery,
  type StorefrontReader,
  voucherRedeemQuery,
} from "@booking/contracts";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";
import { type ContextDeps, inTenant, type ServiceContext } from "../../http/service-context.ts";
import { createAccountItemsReader } from "../account-items/reader.ts";
import { customerReads } from "../account-items/reads.ts";
import { registrationDocumentsOrNull } from "../documents/service.ts";
import { getPage, sitemap } from "../pages/service.ts";
import { listOwnParticipants } from "../participants/queries.ts";
import { listParticipants, participantByCuid, participantView } from "../participants/service.ts";
import {
  listRegistrations,
  registrationByCuid,
  registrationEditForm,
} from "../registrations/service.ts";
import {
  listVouchers as listCustomerVouchers,
  voucherByCuid,
  voucherRedemption,
} from "../vouchers/service.ts";
import { parseParams } from "./params.ts";
import { loadRegistrationForm } from "./registration-form.ts";
import {
  availabilitiesCalendar,
  catalogueFacets,
  getActivity,
  getAvailability,
  getBundle,
  getMembership,
  getVoucher,
  listActivities,
  listAvailabilities,
  listAvailabilityDates,
  listBundles,
  listMemberships,
  listResourceAvailabilities,
  listResourceViews,
  listVouchers,
} from "./service.ts";

/** More participants than a customer can reasonably have: the select lists them all. */
const PARTICIPANTS_LIMIT = 500;

/**
 * The storefront's reads for the page loaders of one request: the same service functions and
 * the same parameter schemas as the HTTP calls, each read in its own tenant transaction.
 * Parameters are validated before any transaction opens; a bad one rejects with the AppError
 * VALIDATION_ERROR the HTTP call would answer.
 */
export function createStorefrontReader(
  deps: ContextDeps,
  request: FastifyRequest,
): StorefrontReader {
  const run = <T>(fn: (context: ServiceContext) => Promise<T>) => inTenant(deps, request, fn);
  const customer = customerReads(deps, request);
  return {
    accountItems: createAccountItemsReader(deps, request),
    page: (path) => run((context) => getPage(context, path)),
    facets: () => run((context) => catalogueFacets(context)),
    sitemap: () => run((context) => sitemap(context)),
    activities: async (params) => {
      const query = parseParams(activitiesQuery, params);
      const result = await run((context) => listActivities(context, query));
      // With `id` the HTTP call answers `{ data }`; the reader always gives the envelope.
      return "count" in result
        ? result
        : { data: result.data, count: result.data.length, limit: result.data.length, offset: 0 };
    },
    availabilities: async (params) => {
      const query = parseParams(availabilitiesQuery, params);
      return run((context) => listAvailabilities(context, query));
    },
    availabilitiesCalendar: async (params) => {
      const query = parseParams(availabilitiesCalendarQuery, params);
      return run((context) => availabilitiesCalendar(context, query));
    },
    availabilityDates: async (params) => {
      const query = parseParams(availabilityDatesQuery, params);
      return run((context) => listAvailabilityDates(context, query));
    },
    bundles: async (params) => {
      const query = parseParams(productsQuery, params);
      return run((context) => listBundles(context, query));
    },
    memberships: async (params) => {
      const query = parseParams(productsQuery, params);
      return run((context) => listMemberships(context, query));
    },
    vouchers: async (params) => {
      const query = parseParams(productsQuery, params);
      return run((context) => listVouchers(context, query));
    },
    resources: async (params) => {
      const query = parseParams(resourcesQuery, params);
      return run((context) => listResourceViews(context, query));
    },
    resourceAvailabilities: async (params) => {
      const query = parseParams(resourceAvailabilitiesQuery, params);
      return run((context) => listResourceAvailabilities(context, query));
    },
    availability: (cuid) => run((context) => getAvailability(context, cuid)),
    activity: (cuid) => run((context) => getActivity(context, cuid)),
    bundle: (cuid) => run((context) => getBundle(context, cuid)),
    membership: (cuid) => run((context) => getMembership(context, cuid)),
    voucher: (cuid) => run((context) => getVoucher(context, cuid)),
    registrationForm: async (cuid) => {
      if (!CUID_PATTERN.test(cuid)) return null;
      return run((context) => loadRegistrationForm(context.db, context.organiser.id, cuid));
    },
    participants: () =>
      run(async (context) => {
        if (context.actor.kind !== "customer") return [];
        const { rows } = await listOwnParticipants(
          context.db,
          context.organiser.id,
          context.actor.customerId,
          { limit: PARTICIPANTS_LIMIT, offset: 0 },
        );
        return rows.map(participantView);
      }),
    participantsPage: customer.list(listParticipantsQuery, listParticipants),
    participant: customer.item(participantByCuid),
    registrationsPage: customer.list(listRegistrationsQuery, listRegistrations),
    registration: customer.item(registrationByCuid),
    registrationDocuments: customer.item(registrationDocumentsOrNull),
    registrationEditForm: customer.item(registrationEditForm),
    customerVouchersPage: customer.list(listCustomerVouchersQuery, listCustomerVouchers),
    customerVoucher: customer.item(voucherByCuid),
    voucherRedemption: async (code) => {
      const query = voucherRedeemQuery.safeParse({ code });
      if (!query.success) return null;
      return run(async (context) => {
        if (context.actor.kind !== "customer") return null;
        return voucherRedemption(context, query.data.code).catch((error: unknown) => {
          if (error instanceof AppError && error.code === "VOUCHER_NOT_FOUND") return null;
          throw error;
        });
      });
    },
  };
}
