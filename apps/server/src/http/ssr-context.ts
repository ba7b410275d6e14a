import type {
  CartView,
  CustomFieldView,
  ParticipantView,
  SessionResponse,
  SsrRequestContext,
  StorefrontOrganiser,
} from "@booking/contracts";
import { offeredPaymentTypes } from "@booking/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { pageSession } from "../modules/accounts/page-session.ts";
import { activeCustomFields, type CustomFieldRow } from "../modules/accounts/queries.ts";
import type { AccountsService } from "../modules/accounts/service.ts";
import { type CustomerPricing, findCustomerPricing } from "../modules/carts/pricing-queries.ts";
import { currentCart } from "../modules/carts/service.ts";
import { createStorefrontReader } from "../modules/catalogue/reader.ts";
import type { ConsoleAuth } from "../modules/collaborators/auth-service.ts";
import { listOutbox } from "../modules/mail/outbox.ts";
import { currentOperator } from "../modules/operators/auth.ts";
import type { Organiser } from "../modules/organisers/queries.ts";
import { pageTexts, storefrontCatalogue } from "../modules/pages/service.ts";
import { listSmsOutbox } from "../modules/sms/outbox.ts";
import { AppError } from "./app-error.ts";
import { SESSION_COOKIE } from "./cookies.ts";
import { ORGANISER_SCOPE, type PublicCache } from "./public-cache.ts";
import {
  type Actor,
  type ContextDeps,
  inOrganiserTransaction,
  inTenant,
  requireCustomer,
  type ServiceContext,
} from "./service-context.ts";

/** A custom field as the forms receive it (storefront and console). */
export function customFieldView(row: CustomFieldRow): CustomFieldView {
  return {
    id: row.id,
    entity: row.entity,
    type: row.type,
    title: row.title,
    description: row.description,
    required: row.required,
    active: row.active,
    order: row.order,
    pattern: row.pattern,
    choices: row.choices,
  };
}

export function storefrontOrganiser(
  organiser: Organiser,
  customFields: StorefrontOrganiser["custom_fields"],
  catalogue: StorefrontOrganiser["catalogue"],
): StorefrontOrganiser {
  return {
    id: organiser.id,
    cuid: organiser.cuid,
    slug: organiser.slug,
    name: organiser.name,
    logo: organiser.logoUrl,
    language: organiser.language,
    currency: organiser.currency,
    timezone: organiser.timezone,
    settings: {
      create_customers_participant: organiser.settings.create_customers_participant,
      formats: { ages: organiser.settings.formats.ages },
    },
    contact_email: organiser.contactEmail,
    contact_phone: organiser.contactPhone,
    address: {
      street: organiser.street,
      number: organiser.number,
      postcode: organiser.postcode,
      city: organiser.city,
      country: organiser.country,
    },
    accent_color: organiser.website.accent_color,
    layout: organiser.website.layout ?? {},
    ...storefrontWebsite(organiser.website),
    custom_fields: customFields,
    catalogue,
    payments: {
      bank_transfers: organiser.settings.bank_transfers_payments_activated,
      online: organiser.settings.online_payments_activated,
      methods: offeredPaymentTypes(organiser.settings.payment_types, {
        BANK_TRANSFER: organiser.settings.bank_transfers_payments_activated,
        ONLINE: organiser.settings.online_payments_activated,
      }),
    },
  };
}

/** The theme, custom CSS, favicon and pages' own texts as the storefront's pages use them. */
function storefrontWebsite(
  website: Organiser["website"],
): Pick<
  StorefrontOrganiser,
  "theme" | "custom_css" | "favicon_url" | "register_texts" | "newsletter_unsubscribe_texts"
> {
  return {
    theme: website.theme ?? "default",
    custom_css: website.css ?? "",
    favicon_url: website.favicon_url ?? null,
    register_texts: pageTexts(website, "register"),
    newsletter_unsubscribe_texts: pageTexts(website, "newsletter_unsubscribe"),
  };
}

/** Builds what loaders may read for one page request, scoped to its host. */
export function createSsrContextFactory(
  deps: ContextDeps & {
    accounts: AccountsService;
    console: {
      auth: ConsoleAuth;
      read(request: FastifyRequest, path: string): Promise<{ status: number; body: unknown }>;
    };
    platformDomain: string;
    /** the console's origin, the only one a storefront page in preview mode listens to */
    consoleOrigin: string;
    outboxEnabled: boolean;
    /** development without an SMS provider: SMS kept in the outbox are shown */
    smsOutboxEnabled?: boolean;
    publicCache: PublicCache | null;
  },
) {
  /** `visitor`: as a visitor without session, whatever cookie the request carries (preview data) */
  return async (
    request: FastifyRequest,
    options: { visitor?: boolean } = {},
  ): Promise<SsrRequestContext> => {
    const tenant = request.tenant;
    if (tenant.kind === "admin") {
      return {
        kind: "admin",
        cspNonce: request.cspNonce,
        platformDomain: deps.platformDomain,
        outbox: deps.outboxEnabled ? { list: () => listOutbox(deps.db) } : null,
        smsOutbox: deps.smsOutboxEnabled ? { list: () => listSmsOutbox(deps.db) } : null,
        session: await deps.console.auth.optionalSession(request),
        operator: await currentOperator(deps, request),
        api: {
          get: async <T>(path: string) =>
            (await deps.console.read(request, path)) as { status: number; body: T },
        },
      };
    }
    if (tenant.kind === "platform") {
      return { kind: "platform", cspNonce: request.cspNonce, platformDomain: deps.platformDomain };
    }
    if (tenant.kind !== "storefront") throw new AppError("ORGANISER_NOT_FOUND");
    // The organiser's part is the same for every page of its site: computed once and shared
    // while the public answers cache keeps it (0035); only the session is read per request.
    const organiser = () =>
      inTenant(deps, request, (context) => storefrontOrganiserOf(context), { actor: VISITOR });
    const [shared, own] = await Promise.all([
      deps.publicCache
        ? deps.publicCache.shared(tenant.organiser.id, `${ORGANISER_SCOPE}storefront`, organiser)
        : organiser(),
      options.visitor ? VISITOR_SESSION : customerSession(deps, request),
    ]);
    return {
      kind: "storefront",
      cspNonce: request.cspNonce,
      organiser: shared,
      session: own.session,
      cart: own.cart,
      impersonated: own.actor.kind === "customer" && own.actor.impersonatorId !== null,
      consoleOrigin: deps.consoleOrigin,
      reader: createStorefrontReader(deps, request, {
        actor: own.actor,
        cache: deps.publicCache,
        participants: own.participants,
        openCartId: own.cart?.id ?? null,
        pricing: own.pricing,
      }),
    };
  };
}

const VISITOR: Actor = { kind: "visitor" };
const NO_SESSION: SessionResponse = { customer: null, counters: null, wallet: null };
const VISITOR_SESSION: PageOwn = {
  actor: VISITOR,
  session: NO_SESSION,
  participants: [],
  cart: null,
};

/** What a page reads of its reader (`customerSession`). */
type PageOwn = {
  actor: Actor;
  session: SessionResponse;
  participants: ParticipantView[];
  cart: CartView | null;
  /** the customer's pricing, on an availability's page (`ESTIMATING_PAGE`) */
  pricing?: CustomerPricing;
};

/** The organiser as its storefront's pages see it: settings, custom fields, catalogue page. */
async function storefrontOrganiserOf(context: ServiceContext): Promise<StorefrontOrganiser> {
  const fields = async (entity: "CUSTOMERS" | "PARTICIPANTS") =>
    (await activeCustomFields(context.db, context.organiser.id, entity)).map(customFieldView);
  return storefrontOrganiser(
    context.organiser,
    { customers: await fields("CUSTOMERS"), participants: await fields("PARTICIPANTS") },
    await storefrontCatalogue(context),
  );
}

/** The account area's pages and their data (`/account…`, `/{lang}/account…`) show its counters. */
const ACCOUNT_PAGE = /^\/(?:[a-z]{2}\/)?account(?:[/.?]|$)/;

/**
 * An availability's page and its data (`/availabilities/{cuid}`, `/{lang}/…`, `….data`): its add
 * form carries the first estimate, priced with the customer's pricing (decision 0099).
 */
const ESTIMATING_PAGE = /^\/(?:[a-z]{2}\/)?availabilities\/[^/?.]+(?:\.data)?(?:\?|$)/;

/**
 * Who is asking, from the session cookie, with their participants (most pages with a session
 * have an add form listing them) and their open cart (every page's cart drawer, decision 0058)
 * in the same transaction, the session, customer, participants and open cart's id in one
 * statement (an account page reads its counters too): a visitor without a cookie costs no
 * database round trip. An availability's page reads the customer's pricing in the same
 * transaction, so that its first estimate needs none of its own (decision 0099).
 */
async function customerSession(
  deps: ContextDeps & { accounts: AccountsService },
  request: FastifyRequest,
): Promise<PageOwn> {
  const token = request.cookies[SESSION_COOKIE];
  const tenant = request.tenant;
  if (!token || tenant.kind !== "storefront") return VISITOR_SESSION;
  const { organiser } = tenant;
  const estimating = ESTIMATING_PAGE.test(request.url);
  const accountPage = ACCOUNT_PAGE.test(request.url);
  // Its statements on their generic plans, as the same statements run in the add's and the
  // estimate's transactions (0090): otherwise PostgreSQL may plan some again for every page (it
  // keeps a generic plan only when it estimates it no dearer than a plan for the values given),
  // as it did the cart's items for every checkout page (0.11 ms of planning each, decision 0108).
  // Every statement of this transaction reaches its rows by keys; an account page's counters are
  // left to the planner.
  const options = { genericPlans: !accountPage };
  return inOrganiserTransaction(
    deps.db,
    organiser.id,
    request.log,
    async (tx, afterCommit) => {
      const found = await pageSession(tx, deps.secret, token);
      if (!found) return VISITOR_SESSION;
      const { actor, customer: own } = found;
      if (!own) return { ...VISITOR_SESSION, actor };
      const context = { db: tx, organiser, actor, log: request.log, afterCommit };
      const session = accountPage
        ? await deps.accounts.session(context, { counters: true })
        : own.session;
      const cart = own.openCartId !== null ? await currentCart(context) : null;
      const pricing = estimating
        ? await findCustomerPricing(tx, organiser.id, requireCustomer(context).customerId, {
            couponId: null,
            now: new Date(),
          })
        : undefined;
      return { actor, session, participants: own.participants, cart, pricing };
    },
    options,
  );
}

/**
 * A console page's read of the console API (docs/decisions/0022): an in-process request with the
 * page request's host and cookies, so it passes the same session and permission checks.
 */
export async function readConsoleApi(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
): Promise<{ status: number; body: unknown }> {
  if (!path.startsWith("/api/admin/")) throw new Error(`not a console API path: ${path}`);
  const response = await app.inject({
    method: "GET",
    url: path,
    headers: {
      host: request.headers.host ?? "",
      cookie: request.headers.cookie ?? "",
      "accept-language": request.headers["accept-language"] ?? "",
    },
  });
  return { status: response.statusCode, body: response.json() };
}
