import { activityQuestions, registrations } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutByTransfer, numberedCustomers } from "./account-fixtures.ts";
import { activityOption, availabilityWithDates, registrationBody } from "./cart-fixtures.ts";
import { collaboratorWith, demoConsole, lastAuditOf, organiserIdOf } from "./console-fixtures.ts";
import { type Client, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

// Staff correct a registration's answers and the texts of its options
// (registrations.registrations.update, decision 0104), checked as the storefront checks them.

let t: TestApp;
let owner: Client;
let organiserId: number;

const newCustomer = numberedCustomers({
  firstname: "Rémi",
  lastname: "Réponse",
  email: "registration-answers",
  participant: "Zoé",
});

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
});
afterAll(async () => {
  await t.close();
});

let activities = 0;
/** A registration of `slug` with a required text question, a choice and an option asking a text. */
async function registration(slug = "demo", host = DEMO_HOST) {
  const id = slug === "demo" ? organiserId : await organiserIdOf(t.db, slug);
  activities += 1;
  const made = await availabilityWithDates(t, {
    organiserId: id,
    title: `Stage réponses ${activities}`,
    capacity: 5,
    price: 4_000,
    deposit: 0,
    dateHours: 2,
    dates: [{ capacity: 5 }],
  });
  const [priceId] = await activityOption(t, {
    organiserId: id,
    activityId: made.activity.id,
    prices: [{ amount: 500 }],
    answerRequired: true,
  });
  const [allergies, level] = await t.db
    .insert(activityQuestions)
    .values([
      {
        organiserId: id,
        activityId: made.activity.id,
        type: "TEXT",
        title: "Allergies",
        required: true,
      },
      {
        organiserId: id,
        activityId: made.activity.id,
        type: "CHOICES_SINGLE",
        title: "Niveau",
        choices: [
          { id: 1, label: "Débutant" },
          { id: 2, label: "Confirmé" },
        ],
      },
    ])
    .returning();
  const customer = await newCustomer(t, id, host);
  const added = await customer.client.post(
    "/api/carts/items",
    registrationBody(made.availability.id, customer.participantId, [made.dates[0]!.id], {
      options: [{ price_id: priceId, content: "Taille 8 ans" }],
      questions: [
        { question_id: allergies!.id, content: "Aucune" },
        { question_id: level!.id, content: 1 },
      ],
    }),
  );
  expect(added.statusCode, added.body).toBe(201);
  await checkoutByTransfer(customer.client, added.json().cart.id);
  const [row] = await t.db
    .select()
    .from(registrations)
    .where(eq(registrations.customerId, customer.customerId));
  return { row: row!, priceId: priceId!, allergies: allergies!.id, level: level!.id };
}

const update = (client: Client, cuid: string, body: unknown) =>
  client.put(`/api/admin/registrations/${cuid}/answers`, body);

async function stored(id: number) {
  const [row] = await t.db.select().from(registrations).where(eq(registrations.id, id));
  return row!;
}

describe("staff edit a registration's answers", () => {
  it("replaces the answers and an option's text, keeps the price, audits before and after", async () => {
    const { row, priceId, allergies, level } = await registration();
    const updated = await update(owner, row.cuid, {
      options: [{ price_id: priceId, content: "Taille 10 ans" }],
      questions: [
        { question_id: allergies, content: "Arachides" },
        { question_id: level, content: "2" },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const detail = updated.json().registration;
    expect(detail.questions).toEqual([
      { question_id: allergies, title: "Allergies", answer: "Arachides" },
      { question_id: level, title: "Niveau", answer: "Confirmé" },
    ]);
    expect(detail.options).toMatchObject([{ price_id: priceId, content: "Taille 10 ans" }]);
    const after = await stored(row.id);
    expect(after.totalAmount).toBe(row.totalAmount);
    expect(after.questions).toEqual([
      { question_id: allergies, content: "Arachides" },
      { question_id: level, content: 2 },
    ]);
    const audit = await lastAuditOf(t.db, row.cuid);
    expect(audit).toMatchObject({
      action: "registration.answers_updated",
      before: { options: row.options, questions: row.questions },
      after: { options: after.options, questions: after.questions },
    });

    // Options left out keep their text; the questions' list replaces the stored one.
    const kept = await update(owner, row.cuid, {
      questions: [{ question_id: allergies, content: "Gluten" }],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await stored(row.id)).options).toEqual(after.options);
    expect((await stored(row.id)).questions).toEqual([
      { question_id: allergies, content: "Gluten" },
    ]);
  });

  it("refuses what the storefront refuses, field by field, and changes nothing", async () => {
    const { row, priceId, allergies, level } = await registration();
    const refusals: Array<[unknown, Record<string, string>]> = [
      // A required question left out is named by its id, as the storefront names it.
      [{ questions: [] }, { [`questions.${allergies}`]: "REQUIRED" }],
      [
        {
          questions: [
            { question_id: allergies, content: "x" },
            { question_id: level, content: 9 },
          ],
        },
        { [`questions.${level}`]: "INVALID_CHOICE" },
      ],
      [
        {
          options: [{ price_id: priceId, content: "" }],
          questions: [{ question_id: allergies, content: "x" }],
        },
        { "options.0.content": "REQUIRED" },
      ],
      [
        {
          options: [{ price_id: 999_999, content: "x" }],
          questions: [{ question_id: allergies, content: "x" }],
        },
        { "options.0.price_id": "INVALID_CHOICE" },
      ],
    ];
    for (const [body, fields] of refusals) {
      const answer = await update(owner, row.cuid, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().fields, JSON.stringify(body)).toMatchObject(fields);
    }
    for (const hostile of [{ questions: "x" }, { questions: [{ question_id: "a\u0000" }] }, []]) {
      expect((await update(owner, row.cuid, hostile)).statusCode).toBe(400);
    }
    const unchanged = await stored(row.id);
    expect(unchanged.questions).toEqual(row.questions);
    expect(unchanged.options).toEqual(row.options);
  });

  it("takes registrations.registrations.update; another organiser's or a cancelled one is refused", async () => {
    const { row, allergies } = await registration();
    const body = { questions: [{ question_id: allergies, content: "Lait" }] };
    const reader = await collaboratorWith(t, ["registrations.registrations.read"]);
    expect((await update(reader.client, row.cuid, body)).statusCode).toBe(403);
    const editor = await collaboratorWith(t, ["registrations.registrations.update"]);
    expect((await update(editor.client, row.cuid, body)).statusCode).toBe(200);

    // The dialog's form: the activity's questions and options, under the same permission.
    const form = await editor.client.get(`/api/admin/registrations/${row.cuid}/answers`);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().questions).toEqual((await stored(row.id)).questions);
    expect(form.json().form.questions.map((question: { title: string }) => question.title)).toEqual(
      ["Allergies", "Niveau"],
    );
    expect(
      (await reader.client.get(`/api/admin/registrations/${row.cuid}/answers`)).statusCode,
    ).toBe(403);
    const elsewhere = await registration("demo-en", DEMO_EN_HOST);
    const foreign = await update(owner, elsewhere.row.cuid, {
      questions: [{ question_id: elsewhere.allergies, content: "Lait" }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await owner.get(`/api/admin/registrations/${elsewhere.row.cuid}/answers`)).statusCode,
    ).toBe(404);
    expect((await stored(elsewhere.row.id)).questions).toEqual(elsewhere.row.questions);

    await t.db.update(registrations).set({ cancelled: true }).where(eq(registrations.id, row.id));
    const cancelled = await update(owner, row.cuid, body);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error).toBe("REGISTRATION_CANCELLED");
  });
});
