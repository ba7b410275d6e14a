import type { SsrRequestContext, StorefrontReader } from "@booking/contracts";
import {
  activityOptionPrices,
  activityOptions,
  activityQuestions,
  availabilities,
  organisers,
} from "@booking/db";
import { and, asc, eq, sql } from "@booking/db/orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrganiserByHost } from "../src/modules/organisers/queries.ts";
import {
  Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  DEMO_PASSWORD,
  storefrontContextFactory,
  type TestApp,
} from "./harness.ts";

let t: TestApp;

/** The reader a page request on `host` gets, with the cookies of `client` when given. */
async function reader(host: string, client?: Client): Promise<StorefrontReader> {
  const organiser = await findOrganiserByHost(t.db, host, "localhost");
  const request = {
    tenant: { kind: "storefront", organiser },
    cookies: client ? Object.fromEntries(client.cookies) : {},
    cspNonce: "nonce",
    log: { error: () => undefined },
  } as unknown as FastifyRequest;
  const factory = storefrontContextFactory(t.db);
  const context = await factory(request);
  if (context.kind !== "storefront") throw new Error("expected a storefront context");
  return (context as Extract<SsrRequestContext, { kind: "storefront" }>).reader;
}

/** A demo availability whose activity has options and questions. */
async function demoAvailabilityWithOptions() {
  const [organiser] = await t.db
    .select({ id: organisers.id })
    .from(organisers)
    .where(eq(organisers.slug, "demo"));
  const [row] = await t.db
    .select({ cuid: availabilities.cuid, activityId: availabilities.activityId })
    .from(availabilities)
    .where(
      and(
        eq(availabilities.organiserId, organiser!.id),
        sql`exists (select 1 from activity_options o where o.organiser_id = ${availabilities.organiserId} and o.activity_id = ${availabilities.activityId})`,
        sql`exists (select 1 from activity_questions q where q.organiser_id = ${availabilities.organiserId} and q.activity_id = ${availabilities.activityId})`,
      ),
    )
    .limit(1);
  return { organiserId: organiser!.id, ...row! };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("reader.registrationForm", () => {
  it("gives the options with their prices and the questions of the availability's activity, in order", async () => {
    const { organiserId, cuid, activityId } = await demoAvailabilityWithOptions();
    const form = await (await reader(DEMO_HOST)).registrationForm(cuid);
    expect(form).not.toBeNull();

    const options = await t.db
      .select()
      .from(activityOptions)
      .where(
        and(
          eq(activityOptions.organiserId, organiserId),
          eq(activityOptions.activityId, activityId),
        ),
      )
      .orderBy(asc(activityOptions.order), asc(activityOptions.id));
    expect(form!.options.map((option) => option.id)).toEqual(options.map((option) => option.id));
    for (const option of form!.options) {
      const prices = await t.db
        .select()
        .from(activityOptionPrices)
        .where(eq(activityOptionPrices.optionId, option.id))
        .orderBy(asc(activityOptionPrices.order), asc(activityOptionPrices.id));
      expect(option.prices).toEqual(
        prices.map((price) => ({
          id: price.id,
          label: price.label,
          amount: price.amount,
          percentage: price.percentage,
        })),
      );
      expect(option.prices.length).toBeGreaterThan(0);
      for (const price of option.prices) {
        expect((price.amount === null) !== (price.percentage === null)).toBe(true);
      }
    }
    const first = options[0]!;
    expect(form!.options[0]).toMatchObject({
      title: first.title,
      description: first.description,
      order: first.order,
      answer_required: first.answerRequired,
    });

    const questions = await t.db
      .select()
      .from(activityQuestions)
      .where(
        and(
          eq(activityQuestions.organiserId, organiserId),
          eq(activityQuestions.activityId, activityId),
        ),
      )
      .orderBy(asc(activityQuestions.order), asc(activityQuestions.id));
    expect(form!.questions).toEqual(
      questions.map((question) => ({
        id: question.id,
        type: question.type,
        title: question.title,
        description: question.description,
        required: question.required,
        order: question.order,
        choices: question.choices,
      })),
    );
  });

  it("is null for another organiser's availability, an unknown or an invalid cuid", async () => {
    const { cuid } = await demoAvailabilityWithOptions();
    expect(await (await reader(DEMO_EN_HOST)).registrationForm(cuid)).toBeNull();
    const demo = await reader(DEMO_HOST);
    expect(await demo.registrationForm("zzzzzzzzzzzzzzzzzzzzzzzz")).toBeNull();
    expect(await demo.registrationForm("not a cuid!")).toBeNull();
  });
});

describe("reader.participants", () => {
  it("lists the logged-in customer's own participants, none for a visitor", async () => {
    const parent = new Client(t.app, DEMO_HOST);
    const login = await parent.post("/api/auth/login", {
      email: "parent@demo.test",
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const own = await (await reader(DEMO_HOST, parent)).participants();
    const listed = (await parent.get("/api/participants")).json() as {
      data: Array<{ id: number }>;
    };
    expect(own.length).toBeGreaterThan(0);
    expect(own.map((participant) => participant.id).sort()).toEqual(
      listed.data.map((participant) => participant.id).sort(),
    );
    expect(own[0]).toMatchObject({ customer: { email: "parent@demo.test" } });

    expect(await (await reader(DEMO_HOST)).participants()).toEqual([]);
  });
});
