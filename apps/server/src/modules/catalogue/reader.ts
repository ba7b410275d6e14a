import {
  activitiesQuery,
  availabilitiesCalendarQuery,
  availabilitiesQuery,
  availabilityDatesQuery,
  blogArticlesQuery,
  CUID_PATTERN,
  estimateCartItemBody,
  listCustomerVouchersQuery,
  listParticipantsQuery,
  listRegistrationsQuery,
  type ParticipantView,
  productsQuery,
  resourceAvailabilitiesQuery,
  resourcesQuery,
  type StorefrontReader,
  voucherRedeemQuery,
} from "@booking/contracts";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";
import { readerOf } from "../../http/public-answers.ts";
import type { PublicCache } from "../../http/public-cache.ts";
import {
  type Actor,
  type ContextDeps,
  inTenant,
  inTenantWhenRead,
  type ServiceContext,
} from "../../http/service-context.ts";
import { createAccountItemsReader } from "../account-items/reader.ts";
import { customerReads } from "../account-items/reads.ts";
import { getBlogArticle, listBlogArticles } from "../blog/service.ts";
import { bookingConfigurationRefusalFor } from "../bookings/booking-rules.ts";
import type { CustomerPricing } from "../carts/pricing-queries.ts";
import {
  estimateCartItem,
  estimateReadScope,
  type RegistrationRead,
  readRegistrationData,
} from "../carts/service.ts";
import { registrationDocumentsOrNull } from "../documents/service.ts";
import { getAvailabilityTemplate, getPage, sitemap } from "../pages/service.ts";
import { listParticipants, participantByCuid } from "../participants/service.ts";
import { withCalendarFeed } from "../registrations/calendar-feed.ts";
import { listRegistrations, registrationEditForm } from "../registrations/service.ts";
import { requestsConfigurationOrNull } from "../request-tiers/service.ts";
import { publicActivityReviews } from "../reviews/service.ts";
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

/**
 * The storefront's reads for the page loaders of one request: the same service functions and
 * the same parameter schemas as the HTTP calls, each read in its own tenant transaction as the
 * `actor` the request's session gave. Parameters are validated before any transaction opens; a
 * bad one rejects with the AppError VALIDATION_ERROR the HTTP call would answer.
 *
 * The catalogue's reads are the same whoever asks, so with the public answers cache they are
 * shared by every page of the organiser, logged in or not, for as long as its answers
 * (decision 0012; 0035): only the customer's own reads run for each request.
 */
export function createStorefrontReader(
  deps: ContextDeps,
  request: FastifyRequest,
  scope: {
    actor: Actor;
    cache: PublicCache | null;
    /** the customer's participants, read with the session (none for a visitor) */
    participants: readonly ParticipantView[];
    /** the customer's open cart's id, read with the session (null without one) */
    openCartId: number | null;
    /** the customer's pricing, read with the session of a page that estimates (decision 0099) */
    pricing?: CustomerPricing;
  },
): StorefrontReader {
  const { actor, cache } = scope;
  const run = <T>(fn: (context: ServiceContext) => Promise<T>) =>
    inTenant(deps, request, fn, { actor });
  const organiserId = request.tenant.kind === "storefront" ? request.tenant.organiser.id : 0;
  const reader = readerOf(request);
  /**
   * A catalogue read, shared by every reader of the organiser while the cache keeps it (with the
   * reader's own changes, decision 0110).
   */
  const shared = <T>(key: string, fn: (context: ServiceContext) => Promise<T>): Promise<T> =>
    cache ? cache.shared(organiserId, `read ${key}`, () => run(fn), reader) : run(fn);
  const customer = customerReads(deps, request, actor);
  /**
   * A page's first estimate reads the availability and its dates (with their holds) as the page
   * itself does, shared while the cache keeps them (decision 0090): its own transaction then reads
   * only the customer's pricing. The add, which holds places, always reads them afresh.
   */
  const sharedRegistrationRead = async (
    scope: ReturnType<typeof estimateReadScope>,
  ): Promise<RegistrationRead> => {
    const key = `registration ${scope.availabilityIds.join(",")} ${scope.dateIds.join(",")}`;
    const read = await shared(key, async (context) => {
      const { targets, dates } = await readRegistrationData(
        context.db,
        context.organiser.id,
        scope,
        new Date(),
      );
      return { targets: [...targets], dates };
    });
    return { targets: new Map(read.targets), dates: read.dates };
  };
  return {
    accountItems: createAccountItemsReader(deps, request, actor),
    page: (path) => shared(`page ${path}`, (context) => getPage(context, path)),
    availabilityTemplate: () =>
      shared("availability template", (context) => getAvailabilityTemplate(context)),
    facets: () => shared("facets", (context) => catalogueFacets(context)),
    sitemap: () => shared("sitemap", (context) => sitemap(context)),
    blogArticles: async (params) => {
      const query = parseParams(blogArticlesQuery, params);
      return shared(`blog ${JSON.stringify(query)}`, (context) => listBlogArticles(context, query));
    },
    blogArticle: (slugOrCuid) =>
      shared(`blog article ${slugOrCuid}`, (context) => getBlogArticle(context, slugOrCuid)),
    activities: async (params) => {
      const query = parseParams(activitiesQuery, params);
      const result = await shared(`activities ${JSON.stringify(query)}`, (context) =>
        listActivities(context, query),
      );
      // With `id` the HTTP call answers `{ data }`; the reader always gives the envelope.
      return "count" in result
        ? result
        : { data: result.data, count: result.data.length, limit: result.data.length, offset: 0 };
    },
    availabilities: async (params) => {
      const query = parseParams(availabilitiesQuery, params);
      return shared(`availabilities ${JSON.stringify(query)}`, (context) =>
        listAvailabilities(context, query),
      );
    },
    availabilitiesCalendar: async (params) => {
      const query = parseParams(availabilitiesCalendarQuery, params);
      return shared(`calendar ${JSON.stringify(query)}`, (context) =>
        availabilitiesCalendar(context, query),
      );
    },
    availabilityDates: async (params) => {
      const query = parseParams(availabilityDatesQuery, params);
      return shared(`dates ${JSON.stringify(query)}`, (context) =>
        listAvailabilityDates(context, query),
      );
    },
    bundles: async (params) => {
      const query = parseParams(productsQuery, params);
      return shared(`bundles ${JSON.stringify(query)}`, (context) => listBundles(context, query));
    },
    memberships: async (params) => {
      const query = parseParams(productsQuery, params);
      return shared(`memberships ${JSON.stringify(query)}`, (context) =>
        listMemberships(context, query),
      );
    },
    vouchers: async (params) => {
      const query = parseParams(productsQuery, params);
      return shared(`vouchers ${JSON.stringify(query)}`, (context) => listVouchers(context, query));
    },
    resources: async (params) => {
      const query = parseParams(resourcesQuery, params);
      return shared(`resources ${JSON.stringify(query)}`, (context) =>
        listResourceViews(context, query),
      );
    },
    bookingRefusal: async (resourceId, startAt) => {
      if (actor.kind !== "customer" || Number.isNaN(Date.parse(startAt))) return null;
      return run((context) =>
        bookingConfigurationRefusalFor(context, resourceId, new Date(startAt)),
      );
    },
    resourceAvailabilities: async (params) => {
      const query = parseParams(resourceAvailabilitiesQuery, params);
      return shared(`resource availabilities ${JSON.stringify(query)}`, (context) =>
        listResourceAvailabilities(context, query),
      );
    },
    availability: (cuid) =>
      shared(`availability ${cuid}`, (context) => getAvailability(context, cuid)),
    activity: (cuid) => shared(`activity ${cuid}`, (context) => getActivity(context, cuid)),
    activityReviews: (cuid) =>
      shared(`activity reviews ${cuid}`, (context) => publicActivityReviews(context, cuid)),
    bundle: (cuid) => shared(`bundle ${cuid}`, (context) => getBundle(context, cuid)),
    membership: (cuid) => shared(`membership ${cuid}`, (context) => getMembership(context, cuid)),
    voucher: (cuid) => shared(`voucher ${cuid}`, (context) => getVoucher(context, cuid)),
    registrationForm: async (cuid) => {
      if (!CUID_PATTERN.test(cuid)) return null;
      return shared(`registration form ${cuid}`, (context) =>
        loadRegistrationForm(context.db, context.organiser.id, cuid),
      );
    },
    registrationRequestsConfiguration: async (cuid) => {
      if (!CUID_PATTERN.test(cuid)) return null;
      return shared(`request configuration ${cuid}`, (context) =>
        requestsConfigurationOrNull(context, cuid),
      );
    },
    participants: async () => [...scope.participants],
    estimate: async (body) => {
      const input = estimateCartItemBody.safeParse(body);
      if (!input.success || actor.kind !== "customer") return null;
      // Read before the estimate's transaction begins, which would otherwise wait for a second
      // connection of the pool while holding one. On generic plans, as the form's call (0090).
      // With the pricing the session read and no open cart, no transaction at all (0099).
      const read = cache ? await sharedRegistrationRead(estimateReadScope(input.data)) : undefined;
      return inTenantWhenRead(
        deps,
        request,
        (context) =>
          estimateCartItem(context, input.data, {
            participants: scope.participants,
            openCartId: scope.openCartId,
            read,
            pricing: scope.pricing,
          }).then(
            (estimate) => ({ estimate }),
            (error: unknown) => {
              if (error instanceof AppError && error.statusCode < 500) return { error: error.code };
              throw error;
            },
          ),
        { actor, genericPlans: true },
      );
    },
    participantsPage: customer.list(listParticipantsQuery, listParticipants),
    participant: customer.item(participantByCuid),
    registrationsPage: customer.list(listRegistrationsQuery, listRegistrations),
    registration: customer.item((context, cuid) =>
      withCalendarFeed({ ...context, secret: deps.secret, urls: request.server.publicUrls }, cuid),
    ),
    registrationDocuments: customer.item(registrationDocumentsOrNull),
    registrationEditForm: customer.item(registrationEditForm),
    customerVouchersPage: customer.list(listCustomerVouchersQuery, listCustomerVouchers),
    customerVoucher: customer.item(voucherByCuid),
    voucherRedemption: async (code) => {
      const query = voucherRedeemQuery.safeParse({ code });
      if (!query.success || actor.kind !== "customer") return null;
      return run((context) =>
        voucherRedemption(context, query.data.code).catch((error: unknown) => {
          if (error instanceof AppError && error.code === "VOUCHER_NOT_FOUND") return null;
          throw error;
        }),
      );
    },
  };
}
