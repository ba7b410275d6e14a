import { registrationReviews, registrations } from "@booking/db";
import { eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import { availabilityWithDates, registrationBody } from "./cart-fixtures.ts";
import { demoConsole, lastAuditOf } from "./console-fixtures.ts";
import { type Client, DEMO_HOST, type TestApp } from "./harness.ts";

// Reviews (issue 17 §4, decision 0087): staff read them with filters, answer and hide them; the
// storefront's activity gets the public ones with their average.

let t: TestApp;
let owner: Client;
let organiserId: number;
let activityCuid: string;
const reviews: Record<"five" | "three" | "privateOne", string> = {
  five: "",
  three: "",
  privateOne: "",
};

const newCustomer = numberedCustomers({
  firstname: "Nadia",
  lastname: "Avis",
  email: "console-reviews",
  participant: "Kid",
});

/** A customer's registration on the activity, reviewed (as the account would once it started). */
async function reviewed(
  availability: Awaited<ReturnType<typeof availabilityWithDates>>,
  review: { score: number; message: string | null; private: boolean; at: Date },
) {
  const who = await newCustomer(t, organiserId, DEMO_HOST);
  const added = await who.client.post(
    "/api/carts/items",
    registrationBody(availability.availability.id, who.participantId, [availability.dates[0]!.id]),
  );
  expect(added.statusCode, added.body).toBe(201);
  await checkoutByTransfer(who.client, added.json().cart.id);
  const [registration] = await t.db
    .select()
    .from(registrations)
    .where(eq(registrations.customerId, who.customerId));
  const [row] = await t.db
    .insert(registrationReviews)
    .values({
      organiserId,
      registrationId: registration!.id,
      customerId: who.customerId,
      score: review.score,
      message: review.message,
      private: review.private,
      createdAt: review.at,
    })
    .returning();
  return row!.cuid;
}

const publicReviews = () =>
  t.app.inject({
    method: "GET",
    url: `/api/activities/${activityCuid}/reviews`,
    headers: { host: DEMO_HOST },
  });

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
  const availability = await availabilityWithDates(t, {
    organiserId,
    title: "Stage avis console",
    capacity: 20,
    price: 2_000,
    deposit: 0,
    dateHours: 2,
    dates: [{ capacity: 20 }],
  });
  activityCuid = availability.activity.cuid;
  const day = (n: number) => new Date(Date.UTC(2026, 5, n));
  reviews.five = await reviewed(availability, {
    score: 5,
    message: "Super stage",
    private: false,
    at: day(1),
  });
  reviews.three = await reviewed(availability, {
    score: 3,
    message: "Bien",
    private: false,
    at: day(2),
  });
  reviews.privateOne = await reviewed(availability, {
    score: 1,
    message: "Pour vous seulement",
    private: true,
    at: day(3),
  });
});
afterAll(async () => {
  await t.close();
});

describe("reviews", () => {
  it("shows the public reviews of an activity with their average, private ones left out", async () => {
    const response = await publicReviews();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      average: 4,
      count: 2,
      data: [
        {
          score: 3,
          message: "Bien",
          author: "Nadia A.",
          answer: null,
          created_at: "2026-06-02T00:00:00.000Z",
        },
        expect.objectContaining({ score: 5, message: "Super stage" }),
      ],
    });
  });

  it("answers 404 for an activity the storefront does not show, not an empty list", async () => {
    for (const cuid of ["unknown-activity", "2147483648"]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/activities/${cuid}/reviews`,
        headers: { host: DEMO_HOST },
      });
      expect(response.statusCode, cuid).toBe(404);
      expect(response.json().error).toBe("ACTIVITY_NOT_FOUND");
    }
  });

  it("lists the reviews for staff with filters, count and average", async () => {
    const all = await owner.get(`/api/admin/reviews?activity=${activityCuid}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ count: 3, average: 3 });
    expect(all.json().data.map((row: { cuid: string }) => row.cuid)).toEqual([
      reviews.privateOne,
      reviews.three,
      reviews.five,
    ]);
    expect(all.json().data[0]).toMatchObject({
      private: true,
      hidden: false,
      answer: null,
      activity: { cuid: activityCuid, title: "Stage avis console" },
      participant: expect.stringMatching(/^Kid Avis/),
    });
    const privateOnes = await owner.get(`/api/admin/reviews?activity=${activityCuid}&show=private`);
    expect(privateOnes.json().data.map((row: { cuid: string }) => row.cuid)).toEqual([
      reviews.privateOne,
    ]);
    const fives = await owner.get(`/api/admin/reviews?activity=${activityCuid}&score=5`);
    expect(fives.json()).toMatchObject({ count: 1, average: 5 });
    const bad = await owner.get("/api/admin/reviews?show=nope");
    expect(bad.statusCode).toBe(400);
  });

  it("answers a review publicly (audited) and removes the answer", async () => {
    const answered = await owner.put(`/api/admin/reviews/${reviews.five}/answer`, {
      answer: "Merci, à l'été prochain !",
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      answer: "Merci, à l'été prochain !",
      answered_at: expect.any(String),
    });
    expect(await lastAuditOf(t.db, reviews.five)).toMatchObject({ action: "review.answered" });
    const shown = (await publicReviews()).json();
    expect(shown.data[1].answer).toBe("Merci, à l'été prochain !");
    const unanswered = await owner.get(
      `/api/admin/reviews?activity=${activityCuid}&show=unanswered`,
    );
    expect(unanswered.json().data.map((row: { cuid: string }) => row.cuid)).not.toContain(
      reviews.five,
    );

    const blank = await owner.put(`/api/admin/reviews/${reviews.five}/answer`, { answer: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ answer: "REQUIRED" });
    const unknown = await owner.put("/api/admin/reviews/nope/answer", { answer: "x" });
    expect(unknown.statusCode).toBe(404);

    const removed = await owner.put(`/api/admin/reviews/${reviews.five}/answer`, { answer: null });
    expect(removed.json()).toMatchObject({ answer: null, answered_at: null });
  });

  it("hides a review from the storefront and its average, and shows it again", async () => {
    const hidden = await owner.put(`/api/admin/reviews/${reviews.three}/visibility`, {
      hidden: true,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().hidden).toBe(true);
    expect(await lastAuditOf(t.db, reviews.three)).toMatchObject({ action: "review.hidden" });
    expect((await publicReviews()).json()).toMatchObject({ average: 5, count: 1 });
    const listed = await owner.get(`/api/admin/reviews?activity=${activityCuid}&show=hidden`);
    expect(listed.json().data.map((row: { cuid: string }) => row.cuid)).toEqual([reviews.three]);

    await owner.put(`/api/admin/reviews/${reviews.three}/visibility`, { hidden: false });
    expect((await publicReviews()).json()).toMatchObject({ average: 4, count: 2 });
  });

  it("deletes a review with its answer for good (audited with what it said), once under racing calls", async () => {
    await owner.put(`/api/admin/reviews/${reviews.three}/answer`, { answer: "Merci" });
    const [review] = await t.db
      .select({ id: registrationReviews.id })
      .from(registrationReviews)
      .where(eq(registrationReviews.cuid, reviews.three));
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => owner.delete(`/api/admin/reviews/${reviews.three}`)),
    );
    expect(attempts.map((response) => response.statusCode).sort()).toEqual([
      200, 404, 404, 404, 404,
    ]);
    expect(await lastAuditOf(t.db, reviews.three)).toMatchObject({
      action: "review.deleted",
      before: { score: 3, message: "Bien", answer: "Merci" },
    });
    const deletions = await t.db.execute(
      sql`select 1 from audit_logs where entity_id = ${reviews.three} and action = 'review.deleted'`,
    );
    expect(deletions.rows).toHaveLength(1);
    expect((await publicReviews()).json()).toMatchObject({ average: 5, count: 1 });
    const listed = await owner.get(`/api/admin/reviews?activity=${activityCuid}`);
    expect(listed.json().data.map((row: { cuid: string }) => row.cuid)).not.toContain(
      reviews.three,
    );
    const moderations = await t.db.execute(
      sql`select 1 from review_moderations where review_id = ${review!.id}`,
    );
    expect(moderations.rows).toEqual([]);
  });
});
