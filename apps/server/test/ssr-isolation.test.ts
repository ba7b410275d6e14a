import type { SsrRequestContext } from "@booking/contracts";
import { sql } from "@booking/db/orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/http/cookies.ts";
import { createPublicCache, type PublicCache } from "../src/http/public-cache.ts";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import { availabilityWithDates, organiserIdOf, registrationBody } from "./cart-fixtures.ts";
import {
  type Client,
  createTestApp,
  DEMO_HOST,
  storefrontContextFactory,
  type TestApp,
} from "./harness.ts";

/**
 * Logged-in pages share what is the same for everyone (the organiser's part, the catalogue
 * reads) through the public answers cache (decision 0035); what is the customer's own (session,
 * participants, open cart, account reads) is read for each request. Many customers asking at once must each
 * get their own, and nobody else's.
 */

let t: TestApp;
let demoId: number;
let availability: { id: number; cuid: string; dateIds: number[] };
type Parent = { client: Client; customerId: number; participantId: number; fullname: string };
const parents: Parent[] = [];
const openCarts = new Map<Parent, number>();

const newParent = numberedCustomers({
  firstname: "Parent",
  lastname: "Isolation",
  email: "ssr-isolation",
  participant: "Enfant",
});

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t, "demo");
  const created = await availabilityWithDates(t, {
    organiserId: demoId,
    title: "Stage de la ruée",
    capacity: 100,
    price: 12_000,
    deposit: 0,
    dateHours: 3,
    dates: [{ capacity: 100 }, { capacity: 100 }],
  });
  availability = {
    id: created.availability.id,
    cuid: created.availability.cuid,
    dateIds: created.dates.map((date) => date.id),
  };
  for (let i = 0; i < 12; i++) parents.push(await newParent(t, demoId, DEMO_HOST));
  // Half of them have registered already: their account reads have rows of their own.
  for (const parent of parents.slice(0, 6)) {
    const added = await parent.client.post(
      "/api/carts/items",
      registrationBody(availability.id, parent.participantId, availability.dateIds),
    );
    expect(added.statusCode, added.body).toBe(201);
    await checkoutByTransfer(parent.client, added.json().cart.id);
  }
  // Three have an open cart: the page carries it (decision 0058).
  for (const parent of parents.slice(6, 9)) {
    const added = await parent.client.post(
      "/api/carts/items",
      registrationBody(availability.id, parent.participantId, availability.dateIds),
    );
    expect(added.statusCode, added.body).toBe(201);
    openCarts.set(parent, added.json().cart.id);
  }
});
afterAll(() => t.close());

type StorefrontContext = Extract<SsrRequestContext, { kind: "storefront" }>;

/** The context a page request gets, with `parent`'s session cookie or none, through `cache`. */
async function pageContext(
  cache: PublicCache,
  parent: Parent | null,
  url = `/availabilities/${availability.cuid}`,
): Promise<StorefrontContext> {
  const organiser = await findOrganiserByHost(t.db, DEMO_HOST, "localhost");
  const token = parent?.client.cookies.get(SESSION_COOKIE);
  const request = {
    url,
    tenant: { kind: "storefront", organiser },
    cookies: token ? { [SESSION_COOKIE]: token } : {},
    cspNonce: "nonce",
    log: { error: () => undefined },
  } as unknown as FastifyRequest;
  const context = await storefrontContextFactory(t.db, cache)(request);
  if (context.kind !== "storefront") throw new Error("expected a storefront context");
  return context;
}

/** What an availability page with its add form reads, for one reader. */
async function availabilityPage(cache: PublicCache, parent: Parent | null) {
  const context = await pageContext(cache, parent);
  const [view, form, participants, registrations] = await Promise.all([
    context.reader.availability(availability.cuid),
    context.reader.registrationForm(availability.cuid),
    context.reader.participants(),
    context.reader.registrationsPage({}),
  ]);
  return { context, view, form, participants, registrations };
}

describe("logged-in pages under concurrency (SSR context and readers)", () => {
  it("gives every customer their own session and participants, and shares the catalogue", async () => {
    const cache = createPublicCache({ ttlMs: 60_000 });
    // Every parent three times and anonymous visitors, all at once, in a shuffled order.
    const readers: Array<Parent | null> = [...parents, ...parents, ...parents, null, null, null];
    readers.sort(() => Math.random() - 0.5);
    const pages = await Promise.all(readers.map((parent) => availabilityPage(cache, parent)));

    pages.forEach((page, i) => {
      const parent = readers[i]!;
      const { session } = page.context;
      if (!parent) {
        expect(session.customer).toBeNull();
        expect(page.participants).toEqual([]);
        expect(page.registrations.data).toEqual([]);
        expect(page.context.cart).toBeNull();
        return;
      }
      expect(page.context.cart?.id ?? null).toBe(openCarts.get(parent) ?? null);
      expect(session.customer?.id).toBe(parent.customerId);
      expect(session.customer?.fullname).toBe(parent.fullname);
      expect(page.participants.map((participant) => participant.id)).toEqual([
        parent.participantId,
      ]);
      expect(page.registrations.count).toBe(parents.indexOf(parent) < 6 ? 1 : 0);
      // Nobody else's name anywhere in what this reader's page was given.
      const seen = JSON.stringify({
        session,
        cart: page.context.cart,
        participants: page.participants,
        registrations: page.registrations,
      });
      for (const other of parents) {
        if (other === parent) continue;
        // Quoted: "Parent Isolation1" is part of "Parent Isolation12".
        expect(seen).not.toContain(`"${other.fullname}"`);
        expect(seen).not.toContain(`"Enfant ${other.fullname.split(" ")[1]}"`);
      }
    });

    // The same for everyone: computed once, shared, frozen.
    const [first] = pages;
    for (const page of pages) {
      expect(page.view).toBe(first!.view);
      expect(page.form).toBe(first!.form);
      expect(page.context.organiser).toBe(first!.context.organiser);
    }
    expect(Object.isFrozen(first!.view)).toBe(true);
    expect(() => {
      (first!.view as { dates: unknown[] }).dates.push({});
    }).toThrow(TypeError);
  });

  it("gives the add form's first estimate for the customer's own participant only", async () => {
    const cache = createPublicCache({ ttlMs: 60_000 });
    const body = (participantId: number) => ({
      availability_id: availability.id,
      participant_id: participantId,
      quantity: 1,
      availability_dates: availability.dateIds.map((date_id) => ({ date_id })),
      options: [],
    });
    // Parents without a registration yet, each asking for their own and for another's child.
    const askers = parents.slice(9, 12);
    const answers = await Promise.all(
      askers.map(async (parent, i) => {
        const { reader } = await pageContext(cache, parent);
        const other = askers[(i + 1) % askers.length]!;
        return Promise.all([
          reader.estimate(body(parent.participantId)),
          reader.estimate(body(other.participantId)),
        ]);
      }),
    );
    const asked = await askers[0]!.client.post(
      "/api/carts/items/estimate",
      body(askers[0]!.participantId),
    );
    expect(asked.statusCode, asked.body).toBe(200);
    for (const [own, others] of answers) {
      expect(own).toEqual({ estimate: asked.json() });
      // Refused as the call refuses it: the page's form shows why without asking.
      expect(others).toEqual({ error: "PARTICIPANT_NOT_FOUND" });
    }
    const visitor = await pageContext(cache, null);
    expect(await visitor.reader.estimate(body(askers[0]!.participantId))).toBeNull();
  });

  it("reads a page's session, customer and participants in one statement, and only a live session's (0081)", async () => {
    const cache = createPublicCache({ ttlMs: 60_000 });
    const withToken = (token: string) =>
      ({ client: { cookies: new Map([[SESSION_COOKIE, token]]) } }) as unknown as Parent;
    const [slid, expired, gone] = await Promise.all(
      [1, 2, 3].map(() => newParent(t, demoId, DEMO_HOST)),
    );
    const sessionOf = (parent: Parent) =>
      sql`(select id from customer_sessions where customer_id = ${parent.customerId})`;
    await t.db.execute(
      sql`update customer_sessions set last_seen_at = now() - interval '2 hours' where id = ${sessionOf(slid!)}`,
    );
    await t.db.execute(
      sql`update customer_sessions set expires_at = now() - interval '1 second' where id = ${sessionOf(expired!)}`,
    );
    await t.db.execute(
      sql`update customers set anonymised_at = now() where id = ${gone!.customerId}`,
    );

    const [slidPage, expiredPage, gonePage, unknownPage, longPage] = await Promise.all([
      pageContext(cache, slid!),
      pageContext(cache, expired!),
      pageContext(cache, gone!),
      pageContext(cache, withToken("no-such-session")),
      pageContext(cache, withToken("x".repeat(201))),
    ]);
    expect(slidPage.session.customer?.id).toBe(slid!.customerId);
    // A session last seen over an hour ago slides forward, as the API's look-up does.
    const { rows } = await t.db.execute<{ fresh: boolean }>(
      sql`select last_seen_at > now() - interval '1 minute' as fresh from customer_sessions where id = ${sessionOf(slid!)}`,
    );
    expect(rows[0]?.fresh).toBe(true);
    for (const page of [expiredPage, gonePage, unknownPage, longPage]) {
      expect(page.session.customer).toBeNull();
      expect(page.cart).toBeNull();
      expect(await page.reader.participants()).toEqual([]);
    }
  });

  it("reads the account's counters for account pages only (decision 0058)", async () => {
    const cache = createPublicCache({ ttlMs: 60_000 });
    const parent = parents[0]!;
    for (const url of ["/account", "/fr/account/registrations", "/en/account.data"]) {
      const { session } = await pageContext(cache, parent, url);
      expect(session.counters, url).toMatchObject({ participants: 1, registrations: 1 });
    }
    for (const url of ["/fr/availabilities/x", "/checkout", "/fr/accounting", "/"]) {
      const { session } = await pageContext(cache, parent, url);
      expect(session.customer?.id, url).toBe(parent.customerId);
      expect(session.counters, url).toBeNull();
    }
  });

  it("drops the shared reads with the organiser's answers (any change on its host)", async () => {
    const cache = createPublicCache({ ttlMs: 60_000 });
    const before = await availabilityPage(cache, parents[6]!);
    expect((await availabilityPage(cache, parents[7]!)).view).toBe(before.view);
    // What the app's hook does after every successful change on the organiser's host.
    cache.invalidate(demoId);
    const after = await availabilityPage(cache, parents[6]!);
    expect(after.view).not.toBe(before.view);
    expect(after.view).toEqual(before.view);
  });
});
