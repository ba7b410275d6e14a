import type {
  AvailabilityView,
  BookingStateView,
  SsrRequestContext,
  StorefrontReader,
} from "@booking/contracts";
import { activities, availabilities, availabilityDates } from "@booking/db";
import { sql } from "@booking/db/orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE } from "../src/http/cookies.ts";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import { organiserIdOf, sessionCustomer, sessionOf } from "./cart-fixtures.ts";
import {
  type Client,
  createTestApp,
  DEMO_HOST,
  storefrontContextFactory,
  type TestApp,
} from "./harness.ts";

// One truth for what can be booked (docs/decisions/0030-one-booking-state.md): the same
// availabilities, at several instants, seen by every section, the activity page, the detail
// page, the several-availabilities add page and the API, and offered to the add call. The clock
// is the test's: `Date` is faked (vi.setSystemTime), so the services and loaders, which read
// `new Date()`, see the instant under test. The instants lie in 2030, after the real clock, so
// what PostgreSQL's own now() decides (live cart holds) is unaffected.

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** The scenario's origin: registrations of "window" open a day later. */
const T0 = new Date("2030-03-04T08:00:00Z");
const REGISTRATIONS_START = new Date(T0.getTime() + DAY);
const REGISTRATIONS_END = new Date(T0.getTime() + 5 * DAY);
/** three dates, a day apart, 6 hours each */
const START = new Date(T0.getTime() + 10 * DAY);
const END = new Date(START.getTime() + 2 * DAY + 6 * HOUR);

const INSTANTS = {
  before_window: T0,
  inside_window: new Date(T0.getTime() + 3 * DAY),
  after_window: new Date(T0.getTime() + 7 * DAY),
  after_start: new Date(START.getTime() + 12 * HOUR),
  after_end: new Date(END.getTime() + HOUR),
} as const;
type Instant = keyof typeof INSTANTS;

type Scenario = "window" | "late" | "strict" | "full" | "closed";
type Storefront = Extract<SsrRequestContext, { kind: "storefront" }>;
type CardSeen = { cuid: string; badge: string | null; capacity: number | null; opensAt: unknown };

/**
 * The storefront's sections and page loaders (apps/web/test/storefront-views.ts), loaded at run
 * time: they are typed by the web app's own project, whose module settings differ from this one.
 */
interface StorefrontViews {
  loadAllTranslations(): Promise<void>;
  sectionsData(
    url: URL,
    reader: StorefrontReader,
    organiser: Storefront["organiser"],
  ): Promise<Record<string, unknown>>;
  activityPage(
    storefront: Storefront,
    url: string,
    cuid: string,
  ): Promise<{ list: { cards: CardSeen[] } }>;
  availabilityPage(
    storefront: Storefront,
    url: string,
    cuid: string,
  ): Promise<{
    form: { kind: string };
    availability: { remaining: number | null };
    registration: unknown;
    waitingListOffered: boolean;
  }>;
  cartAddPage(storefront: Storefront, url: string): Promise<{ items: { bookable: boolean }[] }>;
}
const WEB_VIEWS = "../../web/test/storefront-views.ts";
let web: StorefrontViews;
type Reason = BookingStateView["reason"];

/** The booking state's reason expected for each availability at each instant (null: bookable). */
const EXPECTED: Record<Scenario, Record<Instant, Reason>> = {
  window: {
    before_window: "opening_scheduled",
    inside_window: null,
    after_window: "closing_passed",
    after_start: "started",
    after_end: "ended",
  },
  late: {
    before_window: null,
    inside_window: null,
    after_window: null,
    after_start: null,
    after_end: "ended",
  },
  strict: {
    before_window: null,
    inside_window: null,
    after_window: null,
    after_start: "started",
    after_end: "ended",
  },
  full: {
    before_window: "full",
    inside_window: "full",
    after_window: "full",
    after_start: "started",
    after_end: "ended",
  },
  closed: {
    before_window: "closed",
    inside_window: "closed",
    after_window: "closed",
    after_start: "started",
    after_end: "ended",
  },
};

let t: TestApp;
let organiserId: number;
let customer: { id: number; client: Client; participantId: number; token: string };
const subjects = new Map<Scenario, { id: number; cuid: string; activityCuid: string }>();

async function insertScenario(scenario: Scenario) {
  const [activity] = await t.db
    .insert(activities)
    .values({
      organiserId,
      title: `Zorglub ${scenario}`,
      published: true,
      settings: {
        allow_registrations_after_start: scenario === "late",
        partial_registrations: false,
        waiting_list: true,
      },
    })
    .returning();
  const [availability] = await t.db
    .insert(availabilities)
    .values({
      organiserId,
      activityId: activity!.id,
      status: scenario === "closed" ? "CLOSED" : "OPEN",
      startAt: START,
      endAt: END,
      registrationsStartAt: scenario === "window" ? REGISTRATIONS_START : null,
      registrationsEndAt: scenario === "window" ? REGISTRATIONS_END : null,
      capacity: 10,
      registered: scenario === "full" ? 10 : 0,
      price: 5000,
      deposit: 0,
    })
    .returning();
  await t.db.insert(availabilityDates).values(
    [0, 1, 2].map((index) => ({
      organiserId,
      availabilityId: availability!.id,
      startAt: new Date(START.getTime() + index * DAY),
      endAt: new Date(START.getTime() + index * DAY + 6 * HOUR),
      capacity: 10,
      registered: scenario === "full" ? 10 : 0,
      status: scenario === "closed" ? ("CLOSED" as const) : ("OPEN" as const),
    })),
  );
  subjects.set(scenario, {
    id: availability!.id,
    cuid: availability!.cuid,
    activityCuid: activity!.cuid,
  });
}

/** The storefront context of a page request of the logged-in customer (or a visitor). */
async function pageContext(loggedIn: boolean): Promise<Storefront> {
  const organiser = await findOrganiserByHost(t.db, DEMO_HOST, "localhost");
  const request = {
    tenant: { kind: "storefront", organiser },
    cookies: loggedIn ? { [SESSION_COOKIE]: customer.token } : {},
    cspNonce: "nonce",
    log: { error: () => undefined },
  } as unknown as FastifyRequest;
  return (await storefrontContextFactory(t.db)(request)) as Storefront;
}

/** What one view says about one availability. */
type Seen = {
  view: string;
  /** the red badge */
  badge: string | null;
  /** places shown (only while bookable) */
  capacity: number | null;
  /** it offers a booking: an add form, a selectable item, an add link */
  offers: boolean;
};

/** Every card and schedule item in a section's data, by availability cuid. */
function seenInSection(view: string, data: unknown, out: Map<string, Seen[]>) {
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== "object") return;
    const node = value as Record<string, unknown>;
    if ("badge" in node && "capacity" in node && typeof node.cuid === "string") {
      const list = out.get(node.cuid) ?? [];
      list.push({
        view,
        badge: node.badge as string | null,
        capacity: node.capacity as number | null,
        offers: false,
      });
      out.set(node.cuid, list);
    } else if ("selection" in node && "disabled" in node && typeof node.href === "string") {
      const cuid = node.href.replace("/availabilities/", "");
      const list = out.get(cuid) ?? [];
      list.push({
        view,
        badge: node.disabled ? (node.status as string) : null,
        capacity: node.capacity as number | null,
        offers: node.selection !== null,
      });
      out.set(cuid, list);
    } else if ("selection" in node && "disabled" in node && node.disabled) {
      // A disabled item is not a link: found by its key (the date) below.
      const list = out.get(`date:${String(node.key)}`) ?? [];
      list.push({ view, badge: node.status as string, capacity: null, offers: false });
      out.set(`date:${String(node.key)}`, list);
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(data);
}

/** The dates an add would ask for: those still to come, or all when none is. */
function datesToAsk(availability: AvailabilityView, now: Date) {
  const toCome = availability.dates.filter((date) => new Date(date.start_at) > now);
  return (toCome.length > 0 ? toCome : availability.dates).map((date) => ({ date_id: date.id }));
}

beforeAll(async () => {
  web = (await import(/* @vite-ignore */ WEB_VIEWS)) as StorefrontViews;
  await web.loadAllTranslations();
  t = await createTestApp();
  organiserId = await organiserIdOf(t, "demo");
  for (const scenario of Object.keys(EXPECTED) as Scenario[]) await insertScenario(scenario);
  const made = await sessionCustomer(t, {
    organiserId,
    host: DEMO_HOST,
    customer: { firstname: "Una", lastname: "Vérité", email: "una@example.org" },
    participant: { firstname: "Noa", lastname: "Vérité" },
  });
  customer = {
    id: made.customerId,
    client: made.client,
    participantId: made.participantId,
    token: made.client.cookies.get(SESSION_COOKIE)!,
  };
  vi.useFakeTimers({ toFake: ["Date"] });
});

afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe("one booking state for every view", () => {
  for (const [instant, now] of Object.entries(INSTANTS) as [Instant, Date][]) {
    it(`agrees everywhere ${instant.replace("_", " ")}`, async () => {
      vi.setSystemTime(now);
      // A session opened now (sessions expire on the clock too).
      customer.client = await sessionOf(t, organiserId, DEMO_HOST, customer.id);
      customer.token = customer.client.cookies.get(SESSION_COOKIE)!;
      const visitor = await pageContext(false);
      const parent = await pageContext(true);
      const seen = new Map<string, Seen[]>();
      const sections = await web.sectionsData(
        new URL(`http://${DEMO_HOST}/fr/catalogue?search=zorglub`),
        visitor.reader,
        visitor.organiser,
      );
      for (const [name, data] of Object.entries(sections)) seenInSection(name, data, seen);
      const list = await customer.client.get(
        "/api/availabilities?status=OPEN,FULL,CLOSED&search=zorglub&limit=50",
      );
      expect(list.statusCode).toBe(200);
      const listed = new Map(
        (list.json().data as AvailabilityView[]).map((item) => [item.cuid, item]),
      );

      for (const [scenario, subject] of subjects) {
        const expected = EXPECTED[scenario][instant];
        const bookable = expected === null;
        const label = `${scenario} ${instant}`;

        // The API: the state itself, the same in the list and the detail read.
        const api = listed.get(subject.cuid)!;
        expect(api.booking.reason, label).toBe(expected);
        expect(api.booking.bookable, label).toBe(bookable);
        const detail = await visitor.reader.availability(subject.cuid);
        expect(detail!.booking, label).toEqual(api.booking);

        // Every section: the state's badge; places only while bookable; a schedule item
        // offers a booking only when the add call takes it.
        const views = seen.get(subject.cuid) ?? [];
        for (const view of views) {
          expect(view.badge, `${label} in ${view.view}`).toBe(api.booking.badge);
          if (!bookable) expect(view.capacity, `${label} in ${view.view}`).toBe(null);
          if (view.offers) expect(bookable, `${label} in ${view.view}`).toBe(true);
        }
        if (bookable) {
          // Listed by the cards, the grid and the quick list (all OPEN here).
          const names = new Set(views.map((view) => view.view));
          for (const name of ["availabilities-cards", "availabilities-cards-grid"]) {
            expect(names.has(name), `${label} listed in ${name}`).toBe(true);
          }
          expect(views.every((view) => view.capacity === 10 || view.capacity === null)).toBe(true);
        }

        if (instant === "after_start" && scenario === "late") {
          // Its dates to come are in this week: the weekly calendar offers them.
          const weekly = views.filter((view) => view.view === "availabilities-weekly-calendar");
          expect(weekly.length, label).toBeGreaterThan(0);
          expect(weekly.every((view) => view.offers)).toBe(true);
        }

        // The activity page's list: the same badge and places.
        const activityPage = await web.activityPage(
          visitor,
          `http://${DEMO_HOST}/fr/activities/${subject.activityCuid}`,
          subject.activityCuid,
        );
        const card = activityPage.list.cards.find((item) => item.cuid === subject.cuid)!;
        expect(card.badge, `${label} on the activity page`).toBe(api.booking.badge);
        expect(card.capacity !== null, `${label} on the activity page`).toBe(bookable);
        expect(card.opensAt !== null, label).toBe(expected === "opening_scheduled");

        // The detail page: the add form exactly when bookable, else the state's notice; the
        // remaining places only while bookable; a visitor's log-in prompt only for what can be
        // done once logged in (the add form or the waiting list).
        const page = `http://${DEMO_HOST}/fr/availabilities/${subject.cuid}`;
        const asVisitor = await web.availabilityPage(visitor, page, subject.cuid);
        const asParent = await web.availabilityPage(parent, page, subject.cuid);
        for (const detailPage of [asVisitor, asParent]) {
          expect(detailPage.form.kind, label).toBe(expected ?? "open");
          expect(detailPage.availability.remaining !== null, label).toBe(bookable);
        }
        expect(asParent.registration !== null, label).toBe(bookable);
        expect(asVisitor.waitingListOffered, label).toBe(
          expected === "closed" || expected === "full",
        );

        // The several-availabilities add page.
        const several = await web.cartAddPage(
          parent,
          `http://${DEMO_HOST}/fr/cart/add?availabilities=${subject.cuid}`,
        );
        expect(several.items[0]!.bookable, label).toBe(bookable);

        // The add call takes exactly what every view offers, and says why not otherwise.
        const added = await customer.client.post("/api/carts/items", {
          registrations: [
            {
              availability_id: subject.id,
              participant_id: customer.participantId,
              availability_dates: datesToAsk(api, now),
            },
          ],
        });
        if (bookable) {
          expect(added.statusCode, `${label}: ${added.body}`).toBe(201);
        } else {
          expect(added.statusCode, label).toBe(409);
          expect(added.json().error, label).toBe(
            expected === "full" ? "AVAILABILITY_FULL" : "AVAILABILITY_NOT_OPEN",
          );
        }
      }
    });
  }
});

describe("checkout refuses what is no longer bookable", () => {
  it("a registration held inside the window is refused once the window has closed", async () => {
    // Holds long enough to outlive the window (the organiser's cart delay, in seconds).
    await t.db.execute(
      sql`update organisers set settings = jsonb_set(settings, '{carts_expiration_delay}', '2592000')
           where id = ${organiserId}`,
    );
    vi.setSystemTime(INSTANTS.inside_window);
    const client = await sessionOf(t, organiserId, DEMO_HOST, customer.id);
    const window = subjects.get("window")!;
    const cart = await client.get("/api/carts/current");
    for (const item of cart.json()?.items ?? []) {
      await client.delete(`/api/carts/items?item_id=${item.id}`);
    }
    const detail = (await client.get(`/api/availabilities?search=zorglub&limit=50`)).json()
      .data as AvailabilityView[];
    const added = await client.post("/api/carts/items", {
      registrations: [
        {
          availability_id: window.id,
          participant_id: customer.participantId,
          availability_dates: datesToAsk(detail.find((item) => item.id === window.id)!, new Date()),
        },
      ],
    });
    expect(added.statusCode).toBe(201);
    const cartId = added.json().cart.id;

    vi.setSystemTime(INSTANTS.after_window);
    const late = await sessionOf(t, organiserId, DEMO_HOST, customer.id);
    const refused = await late.post("/api/carts/checkout", {
      cart_id: cartId,
      payment_strategy: "DELAYED",
      terms: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "AVAILABILITY_NOT_OPEN" });
  });
});
