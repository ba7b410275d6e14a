import {
  bundles,
  customerBundles,
  customers,
  customerVouchers,
  vouchers,
  walletTransactions,
} from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import { giftVoucher, organiserIdOf } from "./cart-fixtures.ts";
import {
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  DEMO_PASSWORD,
  type TestApp,
} from "./harness.ts";

// GET/PUT /api/vouchers/redeem and GET /api/customer-vouchers(/{cuid}):
// platform-and-account.md §4 (voucher states and badges), §5, §6 (visibility), §7.

let t: TestApp;
let demoId: number;
let enId: number;
/** 50.00 to the wallet */
let moneyProduct: number;
/** a 10-registration bundle for participants, no wallet credit */
let bundleProduct: number;
let bundleId: number;

type Customer = Awaited<ReturnType<typeof customerOf>>;

const newCustomer = numberedCustomers({
  firstname: "Client",
  lastname: "Voucher",
  email: "voucher",
  participant: "Enfant",
});

/** A customer of `organiserId` with one participant and a session; `wallet` pays checkouts. */
const customerOf = (organiserId: number, host: string, wallet = 0) =>
  newCustomer(t, organiserId, host, wallet);

const customer = (wallet = 0) => customerOf(demoId, DEMO_HOST, wallet);

/**
 * A voucher bought by `owner` through the cart and checkout (DELAYED): paid by the owner's
 * wallet when it is enough, unpaid otherwise.
 */
async function buy(owner: Customer, productId: number) {
  const added = await owner.client.post("/api/carts/items", {
    vouchers: [{ voucher_id: productId }],
  });
  expect(added.statusCode, added.body).toBe(201);
  await checkoutByTransfer(owner.client, added.json().cart.id);
  const rows = await t.db
    .select()
    .from(customerVouchers)
    .where(
      and(
        eq(customerVouchers.organiserId, demoId),
        eq(customerVouchers.customerId, owner.customerId),
      ),
    )
    .orderBy(customerVouchers.id);
  return rows.at(-1)!;
}

async function voucherRow(id: number) {
  const [row] = await t.db.select().from(customerVouchers).where(eq(customerVouchers.id, id));
  return row!;
}

async function walletOf(customerId: number) {
  const [row] = await t.db
    .select({ amount: customers.walletAmount })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row!.amount;
}

async function voucherCredits(customerVoucherId: number) {
  return t.db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.customerVoucherId, customerVoucherId));
}

async function setVoucher(id: number, values: Partial<typeof customerVouchers.$inferInsert>) {
  await t.db.update(customerVouchers).set(values).where(eq(customerVouchers.id, id));
}

const PAST = new Date(Date.now() - 24 * 3600 * 1000);

function redeemState(who: Customer, code: string) {
  return who.client.get(`/api/vouchers/redeem?code=${encodeURIComponent(code)}`);
}

function redeem(who: Customer, body: Record<string, unknown>) {
  return who.client.put("/api/vouchers/redeem", body);
}

async function counters(who: Customer) {
  return (await who.client.get("/api/session")).json().counters as {
    vouchers: number;
    available_vouchers: number;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  enId = await organiserIdOf(t, "demo-en");
  moneyProduct = (await giftVoucher(t, demoId)).id;
  const [bundle] = await t.db
    .insert(bundles)
    .values({
      organiserId: demoId,
      title: "Carte 10 séances",
      price: 12_000,
      capacity: 10,
      duration: 180 * 24 * 3600,
      entity: "PARTICIPANTS",
      published: true,
    })
    .returning();
  bundleId = bundle!.id;
  const [product] = await t.db
    .insert(vouchers)
    .values({
      organiserId: demoId,
      title: "Carte cadeau 10 séances",
      price: 12_000,
      amount: 0,
      bundleId,
      duration: 365 * 24 * 3600,
      published: true,
    })
    .returning();
  bundleProduct = product!.id;
});
afterAll(() => t.close());

describe("GET /api/vouchers/redeem", () => {
  it("shows a valid code to another customer: the giver and what it gives, no amounts", async () => {
    const owner = await customer(10_000);
    const bought = await buy(owner, moneyProduct);
    const other = await customer();
    const response = await redeemState(other, bought.code.toLowerCase().replace(/(.{5})/, "$1-"));
    expect(response.statusCode, response.body).toBe(200);
    const { voucher } = response.json();
    expect(voucher).toEqual({
      cuid: bought.cuid,
      code: bought.code,
      state: "valid",
      expires_at: bought.expiresAt!.toISOString(),
      participant_required: false,
      own: false,
      customer: { fullname: owner.fullname },
      voucher: {
        id: moneyProduct,
        cuid: expect.any(String),
        title: "Bon cadeau",
        amount: 5_000,
        bundle: null,
        images: [],
      },
    });
    // The owner sees it as their own.
    expect((await redeemState(owner, bought.code)).json().voucher.own).toBe(true);
  });

  it("answers 404 for an unknown code and another organiser's code, 401 for a visitor", async () => {
    const owner = await customer(10_000);
    const bought = await buy(owner, moneyProduct);
    const other = await customer();
    expect((await redeemState(other, "ZZZZZZZZZZ")).json()).toEqual({ error: "VOUCHER_NOT_FOUND" });
    expect((await redeemState(other, "ZZZZZZZZZZ")).statusCode).toBe(404);
    const foreign = await customerOf(enId, DEMO_EN_HOST);
    const response = await redeemState(foreign, bought.code);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "VOUCHER_NOT_FOUND" });
    const visitor = new Client(t.app, DEMO_HOST);
    const anonymous = await visitor.get(`/api/vouchers/redeem?code=${bought.code}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: "UNAUTHENTICATED" });
  });

  it("validates the code", async () => {
    const who = await customer();
    for (const [query, code] of [
      ["", "REQUIRED"],
      ["?code=", "REQUIRED"],
      ["?code=%20-%20", "REQUIRED"],
      [`?code=${"A".repeat(65)}`, "TOO_LONG"],
    ] as const) {
      const response = await who.client.get(`/api/vouchers/redeem${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ error: "VALIDATION_ERROR", fields: { code } });
    }
  });

  it("says which state applies, unpaid before expired before redeemed", async () => {
    const viewer = await customer();
    const state = async (code: string) => (await redeemState(viewer, code)).json().voucher.state;

    const unpaid = await buy(await customer(0), moneyProduct);
    expect(unpaid.paidAmount).toBe(0);
    expect(await state(unpaid.code)).toBe("unpaid");
    await setVoucher(unpaid.id, { expiresAt: PAST });
    expect(await state(unpaid.code)).toBe("unpaid");
    await setVoucher(unpaid.id, { redeemedAt: PAST, recipientId: viewer.customerId });
    expect(await state(unpaid.code)).toBe("unpaid");

    const expired = await buy(await customer(10_000), moneyProduct);
    expect(await state(expired.code)).toBe("valid");
    await setVoucher(expired.id, { expiresAt: PAST });
    expect(await state(expired.code)).toBe("expired");
    await setVoucher(expired.id, { redeemedAt: PAST, recipientId: viewer.customerId });
    expect(await state(expired.code)).toBe("expired");

    const redeemed = await buy(await customer(10_000), moneyProduct);
    await setVoucher(redeemed.id, { redeemedAt: PAST, recipientId: viewer.customerId });
    expect(await state(redeemed.code)).toBe("redeemed");
  });
});

describe("PUT /api/vouchers/redeem", () => {
  it("refuses each state but valid with its code, changing nothing", async () => {
    const who = await customer();
    const unpaid = await buy(await customer(0), moneyProduct);
    const expired = await buy(await customer(10_000), moneyProduct);
    await setVoucher(expired.id, { expiresAt: PAST });
    const unpaidAndExpired = await buy(await customer(0), moneyProduct);
    await setVoucher(unpaidAndExpired.id, { expiresAt: PAST });
    const expiredAndRedeemed = await buy(await customer(10_000), moneyProduct);
    const earlier = await customer();
    expect((await redeem(earlier, { code: expiredAndRedeemed.code })).statusCode).toBe(200);
    await setVoucher(expiredAndRedeemed.id, { expiresAt: PAST });
    const redeemed = await buy(await customer(10_000), moneyProduct);
    expect((await redeem(earlier, { code: redeemed.code })).statusCode).toBe(200);

    for (const [voucher, error] of [
      [unpaid, "VOUCHER_UNPAID"],
      [expired, "VOUCHER_EXPIRED"],
      [unpaidAndExpired, "VOUCHER_UNPAID"],
      [expiredAndRedeemed, "VOUCHER_EXPIRED"],
      [redeemed, "VOUCHER_ALREADY_REDEEMED"],
    ] as const) {
      const response = await redeem(who, { code: voucher.code });
      expect(response.statusCode, error).toBe(409);
      expect(response.json()).toEqual({ error });
    }
    expect(await walletOf(who.customerId)).toBe(0);
    expect((await voucherRow(unpaid.id)).recipientId).toBeNull();
    expect((await voucherRow(expired.id)).redeemedAt).toBeNull();
    expect((await voucherRow(redeemed.id)).recipientId).toBe(earlier.customerId);
  });

  it("credits the amount to the wallet once, with a VOUCHER wallet transaction", async () => {
    const owner = await customer(10_000);
    const bought = await buy(owner, moneyProduct);
    expect(await counters(owner)).toMatchObject({ vouchers: 1, available_vouchers: 1 });
    const recipient = await customer(700);
    expect(await counters(recipient)).toMatchObject({ vouchers: 0, available_vouchers: 0 });

    const response = await redeem(recipient, { code: ` ${bought.code.toLowerCase()} ` });
    expect(response.statusCode, response.body).toBe(200);
    const { voucher } = response.json();
    expect(voucher).toEqual({
      access: "other",
      cuid: bought.cuid,
      customer: { fullname: owner.fullname },
      voucher: expect.objectContaining({ id: moneyProduct, amount: 5_000, bundle: null }),
      redeemed_at: expect.any(String),
      redemption_badge: "redeemed",
    });

    expect(await walletOf(recipient.customerId)).toBe(5_700);
    expect(await walletOf(owner.customerId)).toBe(5_000);
    const credits = await voucherCredits(bought.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      customerId: recipient.customerId,
      amount: 5_000,
      reason: "VOUCHER",
    });
    const row = await voucherRow(bought.id);
    expect(row.recipientId).toBe(recipient.customerId);
    expect(row.participantId).toBeNull();
    expect(row.redeemedAt).not.toBeNull();
    const session = (await recipient.client.get("/api/session")).json();
    expect(session.wallet).toEqual({ amount: 5_700 });
    expect(session.counters).toMatchObject({ vouchers: 1, available_vouchers: 0 });
    expect(await counters(owner)).toMatchObject({ vouchers: 1, available_vouchers: 0 });

    const again = await redeem(recipient, { code: bought.code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "VOUCHER_ALREADY_REDEEMED" });
    expect(await walletOf(recipient.customerId)).toBe(5_700);
  });

  it("gives a bundle for participants to the chosen participant, who is required", async () => {
    const owner = await customer(20_000);
    const bought = await buy(owner, bundleProduct);
    const recipient = await customer();
    const state = (await redeemState(recipient, bought.code)).json().voucher;
    expect(state).toMatchObject({ state: "valid", participant_required: true });
    expect(state.voucher.bundle).toEqual({
      id: bundleId,
      cuid: expect.any(String),
      title: "Carte 10 séances",
      capacity: 10,
      entity: "PARTICIPANTS",
    });

    const missing = await redeem(recipient, { code: bought.code });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { participant_id: "REQUIRED" },
    });
    const foreign = await redeem(recipient, {
      code: bought.code,
      participant_id: owner.participantId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "PARTICIPANT_NOT_FOUND" });
    expect((await voucherRow(bought.id)).redeemedAt).toBeNull();

    const response = await redeem(recipient, {
      code: bought.code,
      participant_id: recipient.participantId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const given = await t.db
      .select()
      .from(customerBundles)
      .where(eq(customerBundles.customerVoucherId, bought.id));
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({
      customerId: recipient.customerId,
      participantId: recipient.participantId,
      bundleId,
      capacity: 10,
      used: 0,
      cartId: null,
      cartItemId: null,
      totalAmount: 0,
    });
    const days = (given[0]!.expiresAt!.getTime() - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThanOrEqual(180);
    expect(await walletOf(recipient.customerId)).toBe(0);
    expect(await voucherCredits(bought.id)).toEqual([]);
    expect((await voucherRow(bought.id)).participantId).toBe(recipient.participantId);
    // The recipient's session counts the bundle.
    expect((await recipient.client.get("/api/session")).json().counters.bundles).toBe(1);
  });

  it("redeems once under 20 concurrent attempts", async () => {
    const owner = await customer(10_000);
    const bought = await buy(owner, moneyProduct);
    const contenders = await Promise.all(Array.from({ length: 10 }, () => customer()));
    // Ten customers, each trying twice at the same time.
    const attempts = await Promise.all(
      [...contenders, ...contenders].map((who) => redeem(who, { code: bought.code })),
    );
    const statuses = attempts.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const refused of attempts.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: "VOUCHER_ALREADY_REDEEMED" });
    }
    const credits = await voucherCredits(bought.id);
    expect(credits).toHaveLength(1);
    const wallets = await Promise.all(contenders.map((who) => walletOf(who.customerId)));
    expect(wallets.filter((amount) => amount === 5_000)).toHaveLength(1);
    expect(wallets.filter((amount) => amount === 0)).toHaveLength(9);
    expect((await voucherRow(bought.id)).recipientId).toBe(credits[0]!.customerId);
  });

  it("redeems a bundle voucher once under concurrent attempts", async () => {
    const owner = await customer(20_000);
    const bought = await buy(owner, bundleProduct);
    const who = await customer();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        redeem(who, { code: bought.code, participant_id: who.participantId }),
      ),
    );
    expect(attempts.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const given = await t.db
      .select()
      .from(customerBundles)
      .where(eq(customerBundles.customerId, who.customerId));
    expect(given).toHaveLength(1);
  });

  it("answers 404 for another organiser's code and changes nothing", async () => {
    const owner = await customer(10_000);
    const bought = await buy(owner, moneyProduct);
    const foreign = await customerOf(enId, DEMO_EN_HOST);
    const response = await redeem(foreign, { code: bought.code });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "VOUCHER_NOT_FOUND" });
    expect(await walletOf(foreign.customerId)).toBe(0);
    const row = await voucherRow(bought.id);
    expect(row.redeemedAt).toBeNull();
    expect(row.recipientId).toBeNull();
  });

  it("validates the body and needs the XSRF header and a customer", async () => {
    const who = await customer();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{}, { code: "REQUIRED" }],
      [{ code: "" }, { code: "REQUIRED" }],
      [{ code: 42 }, { code: "INVALID_TYPE" }],
      [{ code: "CADEAU2345", participant_id: "3" }, { participant_id: "INVALID_TYPE" }],
      [{ code: "CADEAU2345", participant_id: 0 }, { participant_id: "INVALID_TYPE" }],
      [{ code: "CADEAU2345", participant_id: 1.5 }, { participant_id: "INVALID_TYPE" }],
    ];
    for (const [body, fields] of cases) {
      const response = await redeem(who, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: "VALIDATION_ERROR", fields });
    }
    const noXsrf = await who.client.request("PUT", "/api/vouchers/redeem", {
      body: { code: "CADEAU2345" },
      xsrf: false,
    });
    expect(noXsrf.statusCode).toBe(403);
    const visitor = new Client(t.app, DEMO_HOST);
    expect((await visitor.put("/api/vouchers/redeem", { code: "CADEAU2345" })).statusCode).toBe(
      401,
    );
  });
});

describe("GET /api/customer-vouchers", () => {
  it("shows the owner everything and the recipient only the giver and the status", async () => {
    const owner = await customer(10_000);
    const bought = await buy(owner, moneyProduct);
    const recipient = await customer();
    const stranger = await customer();
    expect((await redeem(recipient, { code: bought.code })).statusCode).toBe(200);

    const asOwner = (await owner.client.get(`/api/customer-vouchers/${bought.cuid}`)).json();
    expect(asOwner.voucher).toEqual({
      access: "owner",
      id: bought.id,
      cuid: bought.cuid,
      code: bought.code,
      customer_id: owner.customerId,
      customer: { fullname: expect.stringMatching(/^Client Voucher/) },
      recipient: { fullname: expect.stringMatching(/^Client Voucher/) },
      participant: null,
      redeemed_at: expect.any(String),
      expires_at: bought.expiresAt!.toISOString(),
      voucher: expect.objectContaining({ id: moneyProduct, title: "Bon cadeau", amount: 5_000 }),
      total_amount: 5_000,
      paid_amount: 5_000,
      payment_badge: { kind: "complete" },
      redemption_badge: "redeemed",
      created_at: expect.any(String),
    });

    const asRecipient = await recipient.client.get(`/api/customer-vouchers/${bought.cuid}`);
    expect(asRecipient.statusCode).toBe(200);
    const restricted = asRecipient.json().voucher;
    expect(Object.keys(restricted).sort()).toEqual(
      ["access", "cuid", "customer", "redeemed_at", "redemption_badge", "voucher"].sort(),
    );
    expect(restricted).toMatchObject({
      access: "other",
      customer: { fullname: asOwner.voucher.customer.fullname },
      redemption_badge: "redeemed",
    });
    expect(JSON.stringify(restricted)).not.toContain(bought.code);

    const forStranger = await stranger.client.get(`/api/customer-vouchers/${bought.cuid}`);
    expect(forStranger.statusCode).toBe(404);
    expect(forStranger.json()).toEqual({ error: "VOUCHER_NOT_FOUND" });
    const foreign = await customerOf(enId, DEMO_EN_HOST);
    expect((await foreign.client.get(`/api/customer-vouchers/${bought.cuid}`)).statusCode).toBe(
      404,
    );
    expect((await owner.client.get("/api/customer-vouchers/not-a-cuid")).statusCode).toBe(404);

    const ownerList = (await owner.client.get("/api/customer-vouchers")).json();
    expect(ownerList).toMatchObject({ count: 1, limit: 20, offset: 0 });
    expect(ownerList.data[0].access).toBe("owner");
    const recipientList = (await recipient.client.get("/api/customer-vouchers")).json();
    expect(recipientList.count).toBe(1);
    expect(recipientList.data[0]).toEqual(restricted);
    expect((await stranger.client.get("/api/customer-vouchers")).json().count).toBe(0);
  });

  it("shows the payment badge to the owner and the redemption badge only once paid", async () => {
    const owner = await customer(0);
    const unpaid = await buy(owner, moneyProduct);
    const view = (await owner.client.get(`/api/customer-vouchers/${unpaid.cuid}`)).json().voucher;
    expect(view.payment_badge).toEqual({ kind: "outstanding", outstanding: 5_000 });
    expect(view.redemption_badge).toBeNull();
    await setVoucher(unpaid.id, { paidAmount: 5_000 });
    const paid = (await owner.client.get(`/api/customer-vouchers/${unpaid.cuid}`)).json().voucher;
    expect(paid.payment_badge).toEqual({ kind: "complete" });
    expect(paid.redemption_badge).toBe("waiting");
  });

  it("filters the available vouchers and pages the list", async () => {
    const owner = await customer(30_000);
    const first = await buy(owner, moneyProduct);
    const second = await buy(owner, moneyProduct);
    const third = await buy(owner, moneyProduct);
    await setVoucher(second.id, { expiresAt: PAST });
    const recipient = await customer();
    expect((await redeem(recipient, { code: third.code })).statusCode).toBe(200);

    const available = (await owner.client.get("/api/customer-vouchers?filter=available")).json();
    expect(available.count).toBe(1);
    expect(available.data.map((row: { cuid: string }) => row.cuid)).toEqual([first.cuid]);
    expect(await counters(owner)).toMatchObject({ vouchers: 3, available_vouchers: 1 });

    const page2 = (
      await owner.client.get("/api/customer-vouchers?page_size=2&page_number=2")
    ).json();
    expect(page2).toMatchObject({ count: 3, limit: 2, offset: 2 });
    // Newest first: the first one bought is last.
    expect(page2.data.map((row: { cuid: string }) => row.cuid)).toEqual([first.cuid]);

    const bad = await owner.client.get("/api/customer-vouchers?filter=old&page_size=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { filter: "INVALID_CHOICE", page_size: "TOO_SMALL" },
    });
    const visitor = new Client(t.app, DEMO_HOST);
    expect((await visitor.get("/api/customer-vouchers")).statusCode).toBe(401);
  });
});

describe("demo seed", () => {
  it("gives the demo parent vouchers and codes in every state", async () => {
    const parent = new Client(t.app, DEMO_HOST);
    const login = await parent.post("/api/auth/login", {
      email: "parent@demo.test",
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    const session = (await parent.get("/api/session")).json();
    expect(session.counters).toMatchObject({ vouchers: 3, available_vouchers: 1 });
    expect(session.wallet).toEqual({ amount: 1_500 });
    const list = (await parent.get("/api/customer-vouchers")).json();
    expect(list.data.map((row: { code: string }) => row.code)).toEqual([
      "CADEAU9NPY",
      "CADEAU5CAM",
      "CADEAU7SPH",
    ]);
    expect(
      list.data.map((row: { redemption_badge: string | null }) => row.redemption_badge),
    ).toEqual([null, "waiting", "redeemed"]);
    expect(list.data[2].recipient).toEqual({ fullname: "Sophie Peeters" });

    const state = async (code: string) =>
      (await parent.get(`/api/vouchers/redeem?code=${code}`)).json().voucher;
    expect(await state("CADEAU2345")).toMatchObject({
      state: "valid",
      own: false,
      customer: { fullname: "Sophie Peeters" },
      voucher: { amount: 5_000, bundle: null },
    });
    expect(await state("CADEAU6789")).toMatchObject({
      state: "valid",
      participant_required: true,
      voucher: { bundle: { entity: "PARTICIPANTS" } },
    });
    expect((await state("CADEAU3EXP")).state).toBe("expired");
    expect((await state("CADEAU8NPY")).state).toBe("unpaid");
    expect((await state("CADEAU7SPH")).state).toBe("redeemed");

    // Sophie was credited once for the voucher she redeemed (50 €); the demo flows' checkout of
    // her own 12 € booking then spent that first, as a checkout spends the wallet (decision 0073).
    const [sophie] = await t.db
      .select()
      .from(customers)
      .where(
        and(eq(customers.organiserId, demoId), eq(customers.email, "sophie.peeters@example.test")),
      );
    expect(sophie!.walletAmount).toBe(5_000 - 1_200);
    const [redeemed] = await t.db
      .select()
      .from(customerVouchers)
      .where(
        and(eq(customerVouchers.organiserId, demoId), eq(customerVouchers.code, "CADEAU7SPH")),
      );
    expect(await voucherCredits(redeemed!.id)).toHaveLength(1);
  });
});
