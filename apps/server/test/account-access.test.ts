import { ERROR_STATUS } from "@booking/contracts";
import {
  attendanceCharges,
  bookingParticipations,
  bookings,
  cartItems,
  carts,
  customerBundles,
  customerMemberships,
  customers,
  customerVouchers,
  organisers,
  participants,
  payments,
  registrationCancellations,
  registrationRequests,
  registrationReviews,
  registrations,
  transactionProofs,
  waitingListEntries,
  walletTransactions,
} from "@booking/db";
import { and, asc, eq, isNull, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import {
  availabilityWithDates,
  organiserIdOf,
  registrationBody,
  sessionOf,
} from "./cart-fixtures.ts";
import { customerIdByEmail, modelsOf } from "./document-fixtures.ts";
import {
  type Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  multipartFile,
  type TestApp,
} from "./harness.ts";

/** A proof of payment as the order page sends it. */
const PROOF_PDF = Buffer.from("%PDF-1.4\n%%EOF\n");

// One access test over every account endpoint (issue 5, "Tests"): a resource of another customer
// of the same organiser, or of a customer of another organiser, answers 404 with an error code and
// changes nothing. The OWNER is the demo parent (parent@demo.test, whose seeded history gives the
// requests, bookings, charges, bundles, memberships and vouchers) plus a cart, a registration and
// payments made here; a guard fails when an account route with an id appears without a row.

let t: TestApp;
let demoId: number;
let demoEnId: number;

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** The OWNER's resources, by the ids and cuids the API takes. */
interface Resources {
  customerId: number;
  participantId: number;
  processedCart: { id: number; cuid: string; reference: string };
  /** a proof of payment the OWNER sent to the processed cart */
  proofCuid: string;
  openCart: { id: number; itemId: number };
  registration: { id: number; cuid: string; dateId: number };
  pastRegistrationId: number;
  reviewId: number;
  balancePaymentCuid: string;
  request: { id: number; cuid: string };
  bookingCuid: string;
  attendanceChargeCuid: string;
  bundleCuid: string;
  membershipCuid: string;
  voucher: { cuid: string; code: string };
  documentId: number;
  availabilityId: number;
}

/** Who calls: a logged-in client and its customer id. */
interface Caller {
  client: Client;
  customerId: number;
}

interface Row {
  name: string;
  /** the route as Fastify registered it */
  route: { method: Method; url: string };
  request(
    r: Resources,
    caller: Caller,
  ): {
    method: Method;
    url: string;
    body?: unknown;
    rawBody?: Buffer;
    headers?: Record<string, string>;
  };
  /** the rows the call could change, read before and after */
  snapshot(r: Resources): Promise<unknown>;
  /** a read the OWNER gets (not 404), so that the 404 of the others means something */
  ownerReads?: boolean;
}

async function rowsOf(
  table:
    | typeof carts
    | typeof registrations
    | typeof participants
    | typeof registrationRequests
    | typeof customerVouchers,
  id: number,
) {
  return t.db.select().from(table).where(eq(table.id, id));
}

async function walletsAndPayments(r: Resources) {
  return {
    cart: await rowsOf(carts, r.processedCart.id),
    registration: await rowsOf(registrations, r.registration.id),
    request: await rowsOf(registrationRequests, r.request.id),
    wallets: await t.db
      .select({ id: customers.id, wallet: customers.walletAmount })
      .from(customers)
      .orderBy(asc(customers.id)),
    walletTransactions: await t.db.select({ n: sql<number>`count(*)` }).from(walletTransactions),
    payments: await t.db.select().from(payments).orderBy(asc(payments.id)),
  };
}

async function openCartRows(r: Resources) {
  return {
    cart: await rowsOf(carts, r.openCart.id),
    items: await t.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, r.openCart.id))
      .orderBy(asc(cartItems.id)),
  };
}

/** Every cart item, registration and waiting-list entry of the OWNER's participant. */
async function participantUses(r: Resources) {
  return {
    participant: await rowsOf(participants, r.participantId),
    items: await t.db
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(eq(cartItems.participantId, r.participantId)),
    waiting: await t.db
      .select({ id: waitingListEntries.id })
      .from(waitingListEntries)
      .where(eq(waitingListEntries.participantId, r.participantId)),
  };
}

const ROWS: Row[] = [
  // --- checkout: the order's detail and its online payment ---------------------------------
  {
    name: "GET /api/carts/:cuid",
    route: { method: "GET", url: "/api/carts/:cuid" },
    request: (r) => ({ method: "GET", url: `/api/carts/${r.processedCart.cuid}` }),
    snapshot: (r) => rowsOf(carts, r.processedCart.id),
    ownerReads: true,
  },
  {
    name: "POST /api/carts/:cuid/transaction-proofs",
    route: { method: "POST", url: "/api/carts/:cuid/transaction-proofs" },
    request: (r) => ({
      method: "POST",
      url: `/api/carts/${r.processedCart.cuid}/transaction-proofs`,
      ...multipartFile("virement.pdf", PROOF_PDF, "application/pdf"),
    }),
    snapshot: (r) =>
      t.db.select().from(transactionProofs).where(eq(transactionProofs.cartId, r.processedCart.id)),
  },
  {
    name: "GET /api/carts/:cuid/transaction-proofs",
    route: { method: "GET", url: "/api/carts/:cuid/transaction-proofs" },
    request: (r) => ({
      method: "GET",
      url: `/api/carts/${r.processedCart.cuid}/transaction-proofs`,
    }),
    snapshot: (r) =>
      t.db.select().from(transactionProofs).where(eq(transactionProofs.cartId, r.processedCart.id)),
    ownerReads: true,
  },
  {
    name: "GET /api/transaction-proofs/:cuid/file",
    route: { method: "GET", url: "/api/transaction-proofs/:cuid/file" },
    request: (r) => ({ method: "GET", url: `/api/transaction-proofs/${r.proofCuid}/file` }),
    snapshot: (r) =>
      t.db.select().from(transactionProofs).where(eq(transactionProofs.cuid, r.proofCuid)),
    ownerReads: true,
  },
  {
    name: "GET /api/carts/:cuid/payment",
    route: { method: "GET", url: "/api/carts/:cuid/payment" },
    request: (r) => ({ method: "GET", url: `/api/carts/${r.processedCart.cuid}/payment` }),
    snapshot: (r) => rowsOf(carts, r.processedCart.id),
    ownerReads: true,
  },
  {
    name: "DELETE /api/carts/:cuid/payment",
    route: { method: "DELETE", url: "/api/carts/:cuid/payment" },
    request: (r) => ({ method: "DELETE", url: `/api/carts/${r.processedCart.cuid}/payment` }),
    snapshot: walletsAndPayments,
  },
  {
    name: "POST /api/carts/checkout (the OWNER's open cart)",
    route: { method: "POST", url: "/api/carts/checkout" },
    request: (r) => ({
      method: "POST",
      url: "/api/carts/checkout",
      body: { cart_id: r.openCart.id, payment_strategy: "DELAYED", terms: true },
    }),
    snapshot: openCartRows,
  },
  // --- the open cart's items and coupon -----------------------------------------------------
  {
    name: "DELETE /api/carts/items?item_id=",
    route: { method: "DELETE", url: "/api/carts/items" },
    request: (r) => ({ method: "DELETE", url: `/api/carts/items?item_id=${r.openCart.itemId}` }),
    snapshot: openCartRows,
  },
  {
    name: "POST /api/carts/items (the OWNER's participant)",
    route: { method: "POST", url: "/api/carts/items" },
    request: (r) => ({
      method: "POST",
      url: "/api/carts/items",
      body: registrationBody(r.availabilityId, r.participantId, [r.registration.dateId]),
    }),
    snapshot: participantUses,
  },
  {
    name: "POST /api/carts/items/estimate (the OWNER's participant)",
    route: { method: "POST", url: "/api/carts/items/estimate" },
    request: (r) => ({
      method: "POST",
      url: "/api/carts/items/estimate",
      body: {
        availability_id: r.availabilityId,
        participant_id: r.participantId,
        availability_dates: [{ date_id: r.registration.dateId }],
      },
    }),
    snapshot: participantUses,
  },
  {
    name: "POST /api/carts/coupons",
    route: { method: "POST", url: "/api/carts/coupons" },
    request: (r) => ({
      method: "POST",
      url: "/api/carts/coupons",
      body: { cart_id: r.openCart.id, coupon: "BIENVENUE" },
    }),
    snapshot: openCartRows,
  },
  {
    name: "DELETE /api/carts/coupons?cart_id=",
    route: { method: "DELETE", url: "/api/carts/coupons" },
    request: (r) => ({ method: "DELETE", url: `/api/carts/coupons?cart_id=${r.openCart.id}` }),
    snapshot: openCartRows,
  },
  {
    name: "POST /api/registrations/waiting-list (the OWNER's participant)",
    route: { method: "POST", url: "/api/registrations/waiting-list" },
    request: (r) => ({
      method: "POST",
      url: "/api/registrations/waiting-list",
      body: { availability_id: r.availabilityId, participant_id: r.participantId },
    }),
    snapshot: participantUses,
  },
  // --- participants -------------------------------------------------------------------------
  {
    name: "PUT /api/participants",
    route: { method: "PUT", url: "/api/participants" },
    request: (r) => ({
      method: "PUT",
      url: "/api/participants",
      body: {
        participant_id: r.participantId,
        firstname: "Pirate",
        lastname: "Pirate",
        birthdate: "2015-01-01",
        custom_data: [],
      },
    }),
    snapshot: (r) => rowsOf(participants, r.participantId),
  },
  {
    name: "DELETE /api/participants?participant_id=",
    route: { method: "DELETE", url: "/api/participants" },
    request: (r) => ({
      method: "DELETE",
      url: `/api/participants?participant_id=${r.participantId}`,
    }),
    snapshot: (r) => rowsOf(participants, r.participantId),
  },
  // --- registrations ------------------------------------------------------------------------
  {
    name: "GET /api/registrations/:cuid",
    route: { method: "GET", url: "/api/registrations/:cuid" },
    request: (r) => ({ method: "GET", url: `/api/registrations/${r.registration.cuid}` }),
    snapshot: (r) => rowsOf(registrations, r.registration.id),
    ownerReads: true,
  },
  {
    name: "PUT /api/registrations",
    route: { method: "PUT", url: "/api/registrations" },
    request: (r) => ({
      method: "PUT",
      url: "/api/registrations",
      body: {
        registration_id: r.registration.id,
        availability_dates: [{ date_id: r.registration.dateId }],
      },
    }),
    snapshot: (r) => rowsOf(registrations, r.registration.id),
  },
  {
    name: "POST /api/registrations/cancel",
    route: { method: "POST", url: "/api/registrations/cancel" },
    request: (r) => ({
      method: "POST",
      url: "/api/registrations/cancel",
      body: { registration_id: r.registration.id, message: "Annulé par un autre" },
    }),
    snapshot: async (r) => ({
      registration: await rowsOf(registrations, r.registration.id),
      cancellations: await t.db
        .select()
        .from(registrationCancellations)
        .where(eq(registrationCancellations.registrationId, r.registration.id)),
    }),
  },
  {
    name: "POST /api/registrations/review",
    route: { method: "POST", url: "/api/registrations/review" },
    request: (r) => ({
      method: "POST",
      url: "/api/registrations/review",
      body: { registration_id: r.pastRegistrationId, score: 1, message: "Pas moi" },
    }),
    snapshot: (r) =>
      t.db
        .select()
        .from(registrationReviews)
        .where(eq(registrationReviews.registrationId, r.pastRegistrationId)),
  },
  {
    name: "PUT /api/registrations/review",
    route: { method: "PUT", url: "/api/registrations/review" },
    request: (r) => ({
      method: "PUT",
      url: "/api/registrations/review",
      body: { review_id: r.reviewId, score: 1, message: "Modifié par un autre" },
    }),
    snapshot: (r) =>
      t.db.select().from(registrationReviews).where(eq(registrationReviews.id, r.reviewId)),
  },
  // --- registration requests ----------------------------------------------------------------
  {
    name: "GET /api/registrations/requests/:cuid",
    route: { method: "GET", url: "/api/registrations/requests/:cuid" },
    request: (r) => ({ method: "GET", url: `/api/registrations/requests/${r.request.cuid}` }),
    snapshot: (r) => rowsOf(registrationRequests, r.request.id),
    ownerReads: true,
  },
  {
    name: "POST /api/registrations/requests/cancel",
    route: { method: "POST", url: "/api/registrations/requests/cancel" },
    request: (r) => ({
      method: "POST",
      url: "/api/registrations/requests/cancel",
      body: { registration_request_id: r.request.id },
    }),
    snapshot: (r) => rowsOf(registrationRequests, r.request.id),
  },
  // --- bookings, attendance charges, bundles, memberships, vouchers --------------------------
  {
    name: "GET /api/bookings/:cuid",
    route: { method: "GET", url: "/api/bookings/:cuid" },
    request: (r) => ({ method: "GET", url: `/api/bookings/${r.bookingCuid}` }),
    snapshot: (r) => t.db.select().from(bookings).where(eq(bookings.cuid, r.bookingCuid)),
    ownerReads: true,
  },
  {
    name: "GET /api/bookings/:cuid/cancellation",
    route: { method: "GET", url: "/api/bookings/:cuid/cancellation" },
    request: (r) => ({ method: "GET", url: `/api/bookings/${r.bookingCuid}/cancellation` }),
    snapshot: (r) => t.db.select().from(bookings).where(eq(bookings.cuid, r.bookingCuid)),
    ownerReads: true,
  },
  {
    name: "POST /api/bookings/:cuid/cancel",
    route: { method: "POST", url: "/api/bookings/:cuid/cancel" },
    request: (r) => ({ method: "POST", url: `/api/bookings/${r.bookingCuid}/cancel` }),
    snapshot: async (r) => ({
      booking: await t.db.select().from(bookings).where(eq(bookings.cuid, r.bookingCuid)),
      ...(await walletsAndPayments(r)),
    }),
  },
  {
    name: "GET /api/attendance-charges/:cuid",
    route: { method: "GET", url: "/api/attendance-charges/:cuid" },
    request: (r) => ({ method: "GET", url: `/api/attendance-charges/${r.attendanceChargeCuid}` }),
    snapshot: (r) =>
      t.db
        .select()
        .from(attendanceCharges)
        .where(eq(attendanceCharges.cuid, r.attendanceChargeCuid)),
    ownerReads: true,
  },
  {
    name: "GET /api/customer-bundles/:cuid",
    route: { method: "GET", url: "/api/customer-bundles/:cuid" },
    request: (r) => ({ method: "GET", url: `/api/customer-bundles/${r.bundleCuid}` }),
    snapshot: (r) =>
      t.db.select().from(customerBundles).where(eq(customerBundles.cuid, r.bundleCuid)),
    ownerReads: true,
  },
  {
    name: "GET /api/customer-memberships/:cuid",
    route: { method: "GET", url: "/api/customer-memberships/:cuid" },
    request: (r) => ({ method: "GET", url: `/api/customer-memberships/${r.membershipCuid}` }),
    snapshot: (r) =>
      t.db.select().from(customerMemberships).where(eq(customerMemberships.cuid, r.membershipCuid)),
    ownerReads: true,
  },
  {
    name: "GET /api/customer-vouchers/:cuid",
    route: { method: "GET", url: "/api/customer-vouchers/:cuid" },
    request: (r) => ({ method: "GET", url: `/api/customer-vouchers/${r.voucher.cuid}` }),
    snapshot: (r) =>
      t.db.select().from(customerVouchers).where(eq(customerVouchers.cuid, r.voucher.cuid)),
    ownerReads: true,
  },
  {
    // A voucher code is a bearer secret (a gift is redeemed by whoever holds it): what must stay
    // the OWNER's is the participant it would go to.
    name: "PUT /api/vouchers/redeem (the OWNER's participant)",
    route: { method: "PUT", url: "/api/vouchers/redeem" },
    request: (r) => ({
      method: "PUT",
      url: "/api/vouchers/redeem",
      body: { code: r.voucher.code, participant_id: r.participantId },
    }),
    snapshot: (r) =>
      t.db.select().from(customerVouchers).where(eq(customerVouchers.cuid, r.voucher.cuid)),
  },
  // --- documents ----------------------------------------------------------------------------
  {
    name: "GET /api/documents?registration_id=",
    route: { method: "GET", url: "/api/documents" },
    request: (r) => ({ method: "GET", url: `/api/documents?registration_id=${r.registration.id}` }),
    snapshot: (r) => rowsOf(registrations, r.registration.id),
    ownerReads: true,
  },
  {
    name: "GET /api/documents/download",
    route: { method: "GET", url: "/api/documents/download" },
    request: (r) => ({
      method: "GET",
      url: `/api/documents/download?registration_id=${r.registration.id}&document_id=${r.documentId}`,
    }),
    snapshot: (r) => rowsOf(registrations, r.registration.id),
  },
  // --- payments from the account ------------------------------------------------------------
  {
    name: "POST /api/transactions/wallet",
    route: { method: "POST", url: "/api/transactions/wallet" },
    request: (r) => ({
      method: "POST",
      url: "/api/transactions/wallet",
      body: { amount: 100, destination: { type: "CART", id: r.processedCart.id } },
    }),
    snapshot: walletsAndPayments,
  },
  {
    name: "POST /api/transactions/wallet (registration)",
    route: { method: "POST", url: "/api/transactions/wallet" },
    request: (r) => ({
      method: "POST",
      url: "/api/transactions/wallet",
      body: { amount: 100, destination: { type: "REGISTRATION", id: r.registration.id } },
    }),
    snapshot: walletsAndPayments,
  },
  {
    name: "POST /api/transactions/wallet (registration request)",
    route: { method: "POST", url: "/api/transactions/wallet" },
    request: (r) => ({
      method: "POST",
      url: "/api/transactions/wallet",
      body: { amount: 100, destination: { type: "REGISTRATION_REQUEST", id: r.request.id } },
    }),
    snapshot: walletsAndPayments,
  },
  {
    name: "POST /api/transactions/checkout (the caller's id, the OWNER's cart)",
    route: { method: "POST", url: "/api/transactions/checkout" },
    request: (r, caller) => ({
      method: "POST",
      url: "/api/transactions/checkout",
      body: {
        customer_id: caller.customerId,
        reference: r.processedCart.reference,
        destination: { type: "CART", id: r.processedCart.id },
        return_url: "/fr/account/orders",
      },
    }),
    snapshot: walletsAndPayments,
  },
  {
    name: "POST /api/transactions/checkout (the OWNER's id)",
    route: { method: "POST", url: "/api/transactions/checkout" },
    request: (r) => ({
      method: "POST",
      url: "/api/transactions/checkout",
      body: {
        customer_id: r.customerId,
        reference: r.processedCart.reference,
        destination: { type: "CART", id: r.processedCart.id },
        return_url: "/fr/account/orders",
      },
    }),
    snapshot: walletsAndPayments,
  },
  {
    name: "GET /api/transactions/payments/:cuid",
    route: { method: "GET", url: "/api/transactions/payments/:cuid" },
    request: (r) => ({ method: "GET", url: `/api/transactions/payments/${r.balancePaymentCuid}` }),
    snapshot: (r) => t.db.select().from(payments).where(eq(payments.cuid, r.balancePaymentCuid)),
    ownerReads: true,
  },
];

/**
 * The account area's routes, and those that take no id of a customer's resource (the lists,
 * which answer the caller's own, the session and the voucher code preview): every other route
 * under these prefixes needs a row above.
 */
const ACCOUNT_PREFIXES = [
  "/api/registrations",
  "/api/bookings",
  "/api/attendance-charges",
  "/api/customer-",
  "/api/carts",
  "/api/documents",
  "/api/transactions",
  "/api/participants",
  "/api/vouchers/redeem",
  "/api/transaction-proofs",
];
const WITHOUT_RESOURCE_ID = new Set([
  "GET /api/registrations",
  "GET /api/registrations/requests",
  "GET /api/bookings",
  "GET /api/attendance-charges",
  "GET /api/customer-bundles",
  "GET /api/customer-memberships",
  "GET /api/customer-vouchers",
  "GET /api/carts",
  "GET /api/carts/current",
  "GET /api/participants",
  "POST /api/participants",
  // previews a code: a voucher code is a bearer secret (see the PUT row)
  "GET /api/vouchers/redeem",
]);

const newCustomer = numberedCustomers({
  firstname: "Intrus",
  lastname: "Acces",
  email: "account-access",
  participant: "Enfant",
});

let owner: Caller;
let stranger: Caller;
let foreign: Caller;
let resources: Resources;

async function setOnlinePayments(organiserId: number) {
  await t.db
    .update(organisers)
    .set({
      settings: sql`${organisers.settings} || ${JSON.stringify({
        online_payments_activated: true,
        bank_transfers_payments_activated: true,
      })}::jsonb`,
    })
    .where(eq(organisers.id, organiserId));
}

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  demoEnId = await organiserIdOf(t, "demo-en");
  await setOnlinePayments(demoId);
  await setOnlinePayments(demoEnId);

  const customerId = await customerIdByEmail(t, demoId, "parent@demo.test");
  owner = { client: await sessionOf(t, demoId, DEMO_HOST, customerId), customerId };
  const [participant] = await t.db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.customerId, customerId), isNull(participants.deletedAt)))
    .orderBy(asc(participants.id))
    .limit(1);
  const participantId = participant!.id;

  // A registration to come, paid by transfer (its cart is a processed order), and an open cart.
  const { availability, dates } = await availabilityWithDates(t, {
    organiserId: demoId,
    title: "Stage d'accès",
    capacity: 10,
    price: 12_000,
    deposit: 3_000,
    dateHours: 3,
    dates: [{ capacity: 10 }, { capacity: 10 }],
  });
  const added = await owner.client.post(
    "/api/carts/items",
    registrationBody(availability.id, participantId, [dates[0]!.id]),
  );
  expect(added.statusCode, added.body).toBe(201);
  const processedCartId = added.json().cart.id as number;
  await checkoutByTransfer(owner.client, processedCartId);
  const [cart] = await t.db.select().from(carts).where(eq(carts.id, processedCartId));
  const [registration] = await t.db
    .select()
    .from(registrations)
    .where(eq(registrations.cartId, processedCartId));

  const second = await availabilityWithDates(t, {
    organiserId: demoId,
    title: "Stage d'accès 2",
    capacity: 10,
    price: 5_000,
    deposit: 0,
    dateHours: 3,
    dates: [{ capacity: 10 }],
  });
  const open = await owner.client.post(
    "/api/carts/items",
    registrationBody(second.availability.id, participantId, [second.dates[0]!.id]),
  );
  expect(open.statusCode, open.body).toBe(201);
  const openCart = open.json().cart;

  // A review of the new registration, and a BALANCE payment of the order.
  const [review] = await t.db
    .insert(registrationReviews)
    .values({ organiserId: demoId, registrationId: registration!.id, customerId, score: 5 })
    .returning();
  const [payment] = await t.db
    .insert(payments)
    .values({
      organiserId: demoId,
      purpose: "BALANCE",
      cartId: cart!.id,
      returnPath: "/fr/account/orders",
      provider: "test",
      providerPaymentId: "account-access-1",
      amount: 1_000,
      currency: "EUR",
      checkoutUrl: "http://demo.localhost/pay/account-access-1",
    })
    .returning();

  // The seeded history of the parent.
  const [past] = await t.db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.customerId, customerId),
        sql`${registrations.id} <> ${registration!.id}`,
      ),
    )
    .orderBy(asc(registrations.id))
    .limit(1);
  const requests = await t.db
    .select()
    .from(registrationRequests)
    .where(eq(registrationRequests.customerId, customerId))
    .orderBy(asc(registrationRequests.id));
  const request = requests.find((row) => row.status === "PENDING") ?? requests[0]!;
  const [booking] = await t.db
    .select({ cuid: bookings.cuid })
    .from(bookings)
    .innerJoin(bookingParticipations, eq(bookingParticipations.bookingId, bookings.id))
    .where(eq(bookingParticipations.customerId, customerId))
    .limit(1);
  const [charge] = await t.db
    .select({ cuid: attendanceCharges.cuid })
    .from(attendanceCharges)
    .where(eq(attendanceCharges.customerId, customerId))
    .limit(1);
  const [bundle] = await t.db
    .select({ cuid: customerBundles.cuid })
    .from(customerBundles)
    .where(eq(customerBundles.customerId, customerId))
    .limit(1);
  const [membership] = await t.db
    .select({ cuid: customerMemberships.cuid })
    .from(customerMemberships)
    .where(eq(customerMemberships.customerId, customerId))
    .limit(1);
  const ownerVouchers = await t.db
    .select()
    .from(customerVouchers)
    .where(eq(customerVouchers.customerId, customerId))
    .orderBy(asc(customerVouchers.id));
  const voucher = ownerVouchers.find((row) => row.redeemedAt === null) ?? ownerVouchers[0]!;
  const [model] = (await modelsOf(t, demoId)).values();
  const proof = await owner.client.postFile(
    `/api/carts/${cart!.cuid}/transaction-proofs`,
    "virement.pdf",
    PROOF_PDF,
    "application/pdf",
  );
  expect(proof.statusCode, proof.body).toBe(201);

  resources = {
    customerId,
    participantId,
    processedCart: { id: cart!.id, cuid: cart!.cuid, reference: cart!.reference! },
    proofCuid: proof.json().cuid,
    openCart: { id: openCart.id, itemId: openCart.items[0].id },
    registration: { id: registration!.id, cuid: registration!.cuid, dateId: dates[1]!.id },
    pastRegistrationId: past!.id,
    reviewId: review!.id,
    balancePaymentCuid: payment!.cuid,
    request: { id: request.id, cuid: request.cuid },
    bookingCuid: booking!.cuid,
    attendanceChargeCuid: charge!.cuid,
    bundleCuid: bundle!.cuid,
    membershipCuid: membership!.cuid,
    voucher: { cuid: voucher.cuid, code: voucher.code },
    documentId: model!.id,
    availabilityId: second.availability.id,
  };

  // Others with money in their wallet, so that a wallet payment would go through if allowed.
  stranger = await newCustomer(t, demoId, DEMO_HOST, 100_000);
  foreign = await newCustomer(t, demoEnId, DEMO_EN_HOST, 100_000);
});

afterAll(async () => {
  await t?.close();
});

function send(caller: Caller, row: Row) {
  const { method, url, body, rawBody, headers } = row.request(resources, caller);
  if (rawBody) return caller.client.request(method, url, { rawBody, headers });
  return caller.client.request(method, url, body === undefined ? {} : { body });
}

describe("every account endpoint keeps another customer's resource", () => {
  const callers = [
    { who: "a STRANGER of the same organiser", caller: () => stranger },
    { who: "a customer of another organiser", caller: () => foreign },
  ];
  for (const { who, caller } of callers) {
    describe(who, () => {
      for (const row of ROWS) {
        it(`${row.name} answers 404 and changes nothing`, async () => {
          const before = await row.snapshot(resources);
          const response = await send(caller(), row);
          expect(response.statusCode, response.body).toBe(404);
          const { error } = response.json();
          expect(ERROR_STATUS[error as keyof typeof ERROR_STATUS], response.body).toBe(404);
          expect(await row.snapshot(resources)).toEqual(before);
        });
      }
    });
  }

  describe("the OWNER", () => {
    for (const row of ROWS.filter((entry) => entry.ownerReads)) {
      it(`reads ${row.name}`, async () => {
        const response = await send(owner, row);
        expect(response.statusCode, response.body).toBe(200);
      });
    }
  });
});

describe("the table", () => {
  it("names routes the app has", () => {
    for (const row of ROWS) {
      expect(t.app.hasRoute(row.route), `${row.route.method} ${row.route.url}`).toBe(true);
    }
  });

  it("has a row for every account route that takes a resource", () => {
    const covered = new Set(ROWS.map((row) => `${row.route.method} ${row.route.url}`));
    const routes = accountRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter(
      (route) => !covered.has(route) && !WITHOUT_RESOURCE_ID.has(route),
    );
    expect(missing).toEqual([]);
  });
});

/**
 * "METHOD /path" of every route under ACCOUNT_PREFIXES, from the tree of `printRoutes`: each
 * line is a path segment below its parent's, indented four characters a level, with its methods.
 */
function accountRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^([│ ]*)[└├]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join("");
    if (!match[3] || !ACCOUNT_PREFIXES.some((prefix) => path.startsWith(prefix))) continue;
    for (const method of match[3].split(", ")) {
      if (method !== "HEAD" && method !== "OPTIONS") routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
