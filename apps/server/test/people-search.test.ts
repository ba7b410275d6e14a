import { customers, participants } from "@booking/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoConsole } from "./console-fixtures.ts";
import type { Client, TestApp } from "./harness.ts";

// The console's one people search (packages/domain people-search.ts, customers/search.ts): the
// customers list and the register-by-hand search find the same customers, by any part of a name
// of the customer or of a participant (accents and case ignored), of the e-mail, or of the phone
// however it is typed.

let t: TestApp;
let owner: Client;
let organiserId: number;

/** A customer of the demo with some participants (`deleted`: removed from the account). */
async function customer(
  values: { firstname: string; lastname: string; email: string; phone: string },
  kids: Array<{ firstname: string; lastname: string; deleted?: boolean }>,
) {
  const [row] = await t.db
    .insert(customers)
    .values({ organiserId, ...values })
    .returning({ id: customers.id });
  for (const kid of kids) {
    await t.db.insert(participants).values({
      organiserId,
      customerId: row!.id,
      firstname: kid.firstname,
      lastname: kid.lastname,
      deletedAt: kid.deleted ? new Date() : null,
    });
  }
}

const MARC = "marc.searchable@example.org";
const NINA = "nina.zed@example.org";

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
  await customer(
    { firstname: "Marc", lastname: "Lefèvre", email: MARC, phone: "+32 471 55 66 77" },
    [{ firstname: "Léa", lastname: "Lefèvre" }],
  );
  await customer({ firstname: "Nina", lastname: "Zed", email: NINA, phone: "+44 7700 900456" }, [
    { firstname: "Zébulon", lastname: "Zed", deleted: true },
  ]);
});
afterAll(() => t.close());

/** The e-mails each search finds: the customers list's and the register-by-hand's. */
async function found(q: string) {
  const query = encodeURIComponent(q);
  const list = await owner.get(`/api/admin/customers?q=${query}&page_size=100`);
  expect(list.statusCode, list.body).toBe(200);
  const byHand = await owner.get(`/api/admin/registrations/customers?q=${query}`);
  expect(byHand.statusCode, byHand.body).toBe(200);
  const emails = (response: typeof list) =>
    response
      .json()
      .data.map((row: { email: string }) => row.email)
      .sort();
  return { list: emails(list), byHand: emails(byHand) };
}

describe("the console's people search, in the customers list and when registering by hand", () => {
  it('finds the demo parent (+32 470 12 34 56) by "0470 12"', async () => {
    const { list, byHand } = await found("0470 12");
    expect(list).toEqual(["parent@demo.test"]);
    expect(byHand).toEqual(["parent@demo.test"]);
  });

  it.each(["0471 55", "0471/55.66", "+32 471 55 66", "0032 471 55 66 77", "471 55 66 77"])(
    "finds a customer by the phone typed as %j",
    async (typed) => {
      const { list, byHand } = await found(typed);
      expect(list).toEqual([MARC]);
      expect(byHand).toEqual([MARC]);
    },
  );

  it("finds a participant's parent by part of the participant's name without its accent", async () => {
    const { list, byHand } = await found("lea");
    expect(list).toContain(MARC);
    // the demo's Léa Dubois too
    expect(list).toContain("parent@demo.test");
    expect(byHand).toEqual(list);
    const answer = await owner.get("/api/admin/registrations/customers?q=lea");
    const marc = answer.json().data.find((row: { email: string }) => row.email === MARC);
    expect(marc.participants).toEqual([expect.objectContaining({ fullname: "Léa Lefèvre" })]);
  });

  it.each([
    ["LÉA lefevre", [MARC]],
    ["lefev", [MARC]],
    ["marc LEFÈVRE", [MARC]],
    ["searchable@exam", [MARC]],
    ["MARC.SEARCH", [MARC]],
    ["nina 7700", [NINA]],
  ])("finds %j", async (q, emails) => {
    const { list, byHand } = await found(q);
    expect(list).toEqual(emails);
    expect(byHand).toEqual(emails);
  });

  it.each([
    ["a participant removed from the account", "zebulon"],
    ["words that match different people only", "marc nina"],
    ["a LIKE wildcard taken literally", "%"],
    ["an underscore taken literally", "m_rc"],
  ])("finds nobody with %s", async (_name, q) => {
    const { list, byHand } = await found(q);
    expect(list).toEqual([]);
    expect(byHand).toEqual([]);
  });

  it("still finds a customer by its cuid when registering by hand", async () => {
    const [first] = (await owner.get(`/api/admin/customers?q=${MARC}`)).json().data;
    const byCuid = await owner.get(`/api/admin/registrations/customers?q=${first.cuid}`);
    expect(byCuid.json().data.map((row: { email: string }) => row.email)).toEqual([MARC]);
  });
});

describe("the same search in the registrations and participants lists", () => {
  it('finds Léa by "lea" among the participants, with or without her parent', async () => {
    const names = async (q: string) =>
      (await owner.get(`/api/admin/participants?q=${encodeURIComponent(q)}&page_size=100`))
        .json()
        .data.map(
          (row: { firstname: string; lastname: string }) => `${row.firstname} ${row.lastname}`,
        )
        .sort();
    expect(await names("lea")).toEqual(["Léa Dubois", "Léa Lefèvre"]);
    expect(await names("LEA lefevre")).toEqual(["Léa Lefèvre"]);
    expect(await names("zebulon")).toEqual([]);
  });

  it('finds the registrations of Léa by "lea", and of her parent by phone', async () => {
    const participantsOf = async (q: string) => {
      const response = await owner.get(
        `/api/admin/registrations?q=${encodeURIComponent(q)}&page_size=100`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return new Set(
        response
          .json()
          .data.map((row: { participant: { fullname: string } }) => row.participant.fullname),
      );
    };
    expect(await participantsOf("lea")).toEqual(new Set(["Léa Dubois"]));
    expect(await participantsOf("0470 12")).toEqual(new Set(["Léa Dubois", "Hugo Dubois"]));
  });
});
