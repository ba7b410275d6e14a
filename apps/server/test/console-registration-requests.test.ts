import {
  auditLogs,
  availabilityDates,
  events,
  registrationRequestAvailabilities,
  registrationRequests,
  registrationRequestTiers,
  registrations,
} from "@booking/db";
import { and, eq, inArray, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availabilityWithDates, organiserIdOf, sessionCustomer } from "./cart-fixtures.ts";
import { consoleLogin, DEMO_OWNER_EMAIL, lastAuditByAction } from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import {
  type Client,
  createTestApp,
  DEMO_EN_HOST,
  DEMO_HOST,
  emailsTo,
  type TestApp,
} from "./harness.ts";

// The console's registration requests (issue 15 §1; docs/decisions/0061): the queue, the
// detail, approving under the storefront's capacity rules, rejecting with a message, the bulk
// approval, and the family paying what an approval asks from their account.

let t: TestApp;
let owner: Client;
let demoId: number;
let demoEnId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t, "demo");
  demoEnId = await organiserIdOf(t, "demo-en");
});
afterAll(() => t.close());

let sequence = 0;

async function family(organiserId = demoId, walletAmount = 0, birthdate = "2016-03-01") {
  sequence += 1;
  const made = await sessionCustomer(t, {
    organiserId,
    host: organiserId === demoId ? DEMO_HOST : DEMO_EN_HOST,
    customer: {
      firstname: "Parent",
      lastname: `Demande${sequence}`,
      email: `request-${sequence}-${Date.now()}@example.org`,
      walletAmount,
    },
    participant: { firstname: "Enfant", lastname: `Demande${sequence}` },
  });
  await t.db.execute(
    sql`update participants set birthdate = ${birthdate} where id = ${made.participantId}`,
  );
  const [row] = await t.db
    .execute<{ email: string }>(sql`select email from customers where id = ${made.customerId}`)
    .then((result) => result.rows);
  return { ...made, organiserId, email: row!.email };
}
type Family = Awaited<ReturnType<typeof family>>;

/** A weekly session of `places` places (one date), 60.00. */
async function session(places: number | null, organiserId = demoId, activityId?: number) {
  sequence += 1;
  const made = await availabilityWithDates(t, {
    organiserId,
    title: `Cours ${sequence}`,
    capacity: places ?? 0,
    price: 6_000,
    deposit: 0,
    dateHours: 1,
    dates: [{ capacity: places }],
  });
  if (activityId !== undefined) {
    await t.db.execute(
      sql`update availabilities set activity_id = ${activityId} where id = ${made.availability.id}`,
    );
  }
  return { ...made, activityId: activityId ?? made.activity.id };
}
type Session = Awaited<ReturnType<typeof session>>;

/** A PENDING request of `who` for `sessions` (in preference order), as the storefront stores it. */
async function pendingRequest(
  who: Family,
  sessions: Session[],
  options: { tierId?: number | null; createdAt?: Date } = {},
) {
  sequence += 1;
  const [row] = await t.db
    .insert(registrationRequests)
    .values({
      organiserId: who.organiserId,
      reference: `+++000/0000/${String(sequence).padStart(5, "0")}+++`,
      customerId: who.customerId,
      participantId: who.participantId,
      activityId: sessions[0]!.activityId,
      tierId: options.tierId ?? null,
      totalAmount: 6_000 * sessions.length,
      createdAt: options.createdAt ?? new Date(),
    })
    .returning();
  await t.db.insert(registrationRequestAvailabilities).values(
    sessions.map((target, position) => ({
      organiserId: who.organiserId,
      registrationRequestId: row!.id,
      availabilityId: target.availability.id,
      position,
    })),
  );
  return row!;
}

async function registered(target: Session): Promise<number> {
  const [row] = await t.db
    .select({ registered: availabilityDates.registered })
    .from(availabilityDates)
    .where(eq(availabilityDates.id, target.dates[0]!.id));
  return row!.registered;
}

type ListedRequest = {
  cuid: string;
  status: string;
  tier: unknown;
  amount_due: number;
  availabilities: Array<{ cuid: string; preference: number; free_places: number | null }>;
};

const url = (cuid: string, action = "") =>
  `/api/admin/registrations/requests/${cuid}${action ? `/${action}` : ""}`;

describe("the requests queue", () => {
  it("lists PENDING requests by default, oldest first, and filters by status, activity, tier, age and day", async () => {
    const course = await session(10);
    const other = await session(10, demoId, course.activityId);
    const [tier] = await t.db
      .insert(registrationRequestTiers)
      .values({
        organiserId: demoId,
        activityId: course.activityId,
        name: "2 séances",
        registrations: 2,
        minimumAvailabilities: 2,
        maximumAvailabilities: 3,
      })
      .returning();
    const young = await family(demoId, 0, "2019-01-01");
    const older = await family(demoId, 0, "2012-01-01");
    const first = await pendingRequest(older, [course, other], {
      tierId: tier!.id,
      createdAt: new Date("2026-01-10T09:00:00Z"),
    });
    const second = await pendingRequest(young, [other], {
      createdAt: new Date("2026-01-12T09:00:00Z"),
    });
    const cancelled = await pendingRequest(young, [course]);
    await t.db
      .update(registrationRequests)
      .set({ status: "CANCELLED", statusChangedAt: new Date() })
      .where(eq(registrationRequests.id, cancelled.id));

    const list = async (query: string) => {
      const response = await owner.get(
        `/api/admin/registrations/requests?activity=${course.activity.cuid}${query}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: ListedRequest[]; count: number };
    };
    const pending = await list("");
    expect(pending.data.map((item) => item.cuid)).toEqual([first.cuid, second.cuid]);
    expect(pending.count).toBe(2);
    const item = pending.data[0]!;
    expect(item.status).toBe("PENDING");
    expect(item.tier).toEqual({ cuid: tier!.cuid, name: "2 séances", registrations: 2 });
    expect(item.availabilities.map((a) => [a.cuid, a.preference, a.free_places])).toEqual([
      [course.availability.cuid, 1, 10],
      [other.availability.cuid, 2, 10],
    ]);
    expect(item.amount_due).toBe(0);

    expect((await list("&status=ALL")).count).toBe(3);
    expect((await list("&status=CANCELLED")).data.map((row) => row.cuid)).toEqual([cancelled.cuid]);
    expect((await list(`&tier=${tier!.cuid}`)).data.map((row) => row.cuid)).toEqual([first.cuid]);
    expect((await list("&age_max=9")).data.map((row) => row.cuid)).toEqual([second.cuid]);
    expect((await list("&age_min=10&age_max=17")).data.map((row) => row.cuid)).toEqual([
      first.cuid,
    ]);
    expect((await list("&from=2026-01-11&to=2026-01-12")).data.map((row) => row.cuid)).toEqual([
      second.cuid,
    ]);
    expect((await list("&sort=-created_at")).data.map((row) => row.cuid)).toEqual([
      second.cuid,
      first.cuid,
    ]);

    for (const bad of [
      "status=DONE",
      "age_min=12&age_max=3",
      "from=2026-02-01&to=2026-01-01",
      "age_min=-1",
      "from=tomorrow",
    ]) {
      const response = await owner.get(`/api/admin/registrations/requests?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error).toBe("VALIDATION_ERROR");
    }
  });

  it("shows a request with its family's history; another organiser's request is 404", async () => {
    const course = await session(5);
    const who = await family();
    const earlier = await pendingRequest(who, [course]);
    const request = await pendingRequest(who, [course]);
    const response = await owner.get(url(request.cuid));
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().registration_request;
    expect(detail.family.requests.map((r: { cuid: string }) => r.cuid)).toEqual([earlier.cuid]);
    expect(detail.family.outstanding_amount).toBe(0);
    expect(detail.default_availabilities).toEqual([course.availability.cuid]);
    expect(detail.registrations).toEqual([]);

    const stranger = await family(demoEnId);
    const theirs = await pendingRequest(stranger, [await session(5, demoEnId)]);
    for (const call of [
      () => owner.get(url(theirs.cuid)),
      () => owner.post(url(theirs.cuid, "approve"), {}),
      () => owner.post(url(theirs.cuid, "reject"), { message: "Non" }),
    ]) {
      const refused = await call();
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: "REGISTRATION_REQUEST_NOT_FOUND" });
    }
    expect((await owner.get(url("unknowncuid"))).statusCode).toBe(404);
  });
});

describe("approving", () => {
  it("gives each of a tier's twin requests the next preferred session, emits registration.created, and the family pays from the account", async () => {
    const monday = await session(4);
    const wednesday = await session(4, demoId, monday.activityId);
    const friday = await session(4, demoId, monday.activityId);
    const [tier] = await t.db
      .insert(registrationRequestTiers)
      .values({
        organiserId: demoId,
        activityId: monday.activityId,
        name: "2 par semaine",
        registrations: 2,
        minimumAvailabilities: 2,
        maximumAvailabilities: 3,
      })
      .returning();
    const who = await family(demoId, 20_000);
    // "2 par semaine": the storefront makes two identical requests, one place each.
    const request = await pendingRequest(who, [wednesday, monday, friday], { tierId: tier!.id });
    const twin = await pendingRequest(who, [wednesday, monday, friday], { tierId: tier!.id });
    const detailOf = async (cuid: string) =>
      (await owner.get(url(cuid))).json().registration_request;
    expect((await detailOf(twin.cuid)).default_availabilities).toEqual([
      wednesday.availability.cuid,
    ]);

    const response = await owner.post(url(request.cuid, "approve"), {});
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().registration_request;
    expect(detail.status).toBe("APPROVED");
    expect(detail.total_amount).toBe(6_000);
    expect(detail.amount_due).toBe(6_000);
    expect(detail.registrations).toHaveLength(1);
    // The twin now defaults to the next preferred session.
    expect((await detailOf(twin.cuid)).default_availabilities).toEqual([monday.availability.cuid]);
    const second = await owner.post(url(twin.cuid, "approve"), {});
    expect(second.statusCode, second.body).toBe(200);
    expect(await registered(wednesday)).toBe(1);
    expect(await registered(monday)).toBe(1);
    expect(await registered(friday)).toBe(0);

    const made = await t.db
      .select({
        cuid: registrations.cuid,
        availabilityId: registrations.availabilityId,
        total: registrations.totalAmount,
      })
      .from(registrations)
      .where(eq(registrations.customerId, who.customerId));
    expect(made.map((row) => row.availabilityId).sort()).toEqual(
      [wednesday.availability.id, monday.availability.id].sort(),
    );
    const emitted = await t.db
      .select({ payload: events.payload })
      .from(events)
      .where(and(eq(events.organiserId, demoId), eq(events.type, "registration.created")));
    const cuids = emitted.map(
      (event) => (event.payload as { registration_cuid: string }).registration_cuid,
    );
    for (const row of made) expect(cuids).toContain(row.cuid);
    const audit = await lastAuditByAction(t.db, demoId, "registration_request.approved");
    expect(audit?.entityId).toBe(twin.cuid);

    // The family sees what is owed on the request and pays it from the wallet.
    const account = await who.client.get(`/api/registrations/requests/${request.cuid}`);
    expect(account.json().registration_request.amount_due).toBe(6_000);
    const paid = await who.client.post("/api/transactions/wallet", {
      amount: 6_000,
      destination: { type: "REGISTRATION_REQUEST", id: request.id },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await who.client.get(`/api/registrations/requests/${request.cuid}`)).json()
      .registration_request;
    expect(after.amount_due).toBe(0);
    expect(after.paid_amount).toBe(6_000);
    const settled = await t.db
      .select({ paid: registrations.paidAmount })
      .from(registrations)
      .where(
        and(
          eq(registrations.customerId, who.customerId),
          eq(registrations.availabilityId, wednesday.availability.id),
        ),
      );
    expect(settled.map((row) => row.paid)).toEqual([6_000]);
    // Counted once in what the family owes: the twin's 60.00 only.
    expect(
      (await owner.get(url(request.cuid))).json().registration_request.family.outstanding_amount,
    ).toBe(6_000);

    // The twin is paid online: under the order's reference, which the account shows.
    await t.db.execute(
      sql`update organisers set settings = settings || '{"online_payments_activated": true}'::jsonb where id = ${demoId}`,
    );
    const twinView = (await who.client.get(`/api/registrations/requests/${twin.cuid}`)).json()
      .registration_request;
    expect(twinView.payment.bank_transfer?.reference ?? twinView.reference).toBe(
      twinView.reference,
    );
    const online = await who.client.post("/api/transactions/checkout", {
      customer_id: who.customerId,
      reference: twinView.reference,
      destination: { type: "REGISTRATION_REQUEST", id: twin.id },
      return_url: `/fr/account/registrations-requests/${twin.cuid}`,
    });
    expect(online.statusCode, online.body).toBe(200);
    expect(online.json().payment.amount).toBe(6_000);

    // The customer can no longer cancel it; approving again is 409.
    const cancel = await who.client.post("/api/registrations/requests/cancel", {
      registration_request_id: request.id,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ error: "REGISTRATION_REQUEST_NOT_PENDING" });
    const again = await owner.post(url(request.cuid, "approve"), {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "REGISTRATION_REQUEST_NOT_PENDING" });
  });

  it("approves the sessions staff choose at the price they set, and refuses what was not requested", async () => {
    const a = await session(4);
    const b = await session(4, demoId, a.activityId);
    const notAsked = await session(4, demoId, a.activityId);
    const who = await family();
    const request = await pendingRequest(who, [a, b]);

    const before = await databaseDigest(t.db);
    for (const body of [
      { availabilities: [notAsked.availability.cuid] },
      { availabilities: [] },
      { availabilities: [a.availability.cuid, a.availability.cuid] },
      { total_amount: -5 },
      { total_amount: "cent" },
      { availabilities: "all" },
    ]) {
      const refused = await owner.post(url(request.cuid, "approve"), body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error).toBe("VALIDATION_ERROR");
    }
    expect(await databaseDigest(t.db)).toEqual(before);

    const response = await owner.post(url(request.cuid, "approve"), {
      availabilities: [b.availability.cuid],
      total_amount: 4_500,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().registration_request.total_amount).toBe(4_500);
    expect(await registered(a)).toBe(0);
    expect(await registered(b)).toBe(1);
  });

  it("refuses a full session with a 409 naming it, and changes nothing", async () => {
    const full = await session(1);
    await t.db
      .update(availabilityDates)
      .set({ registered: 1 })
      .where(eq(availabilityDates.id, full.dates[0]!.id));
    const who = await family();
    const request = await pendingRequest(who, [full]);
    const before = await databaseDigest(t.db);
    const response = await owner.post(url(request.cuid, "approve"), {});
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: "AVAILABILITY_FULL",
      availability: full.availability.cuid,
    });
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it("approves exactly as many of many concurrent approvals as the session has places", async () => {
    const places = 3;
    const course = await session(places);
    const requests = [];
    for (let index = 0; index < 10; index += 1) {
      requests.push(await pendingRequest(await family(), [course]));
    }
    const responses = await Promise.all(
      requests.map((request) => owner.post(url(request.cuid, "approve"), {})),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(places);
    expect(codes.filter((code) => code === 409)).toHaveLength(requests.length - places);
    expect(await registered(course)).toBe(places);
    const approved = await t.db
      .select({ id: registrationRequests.id })
      .from(registrationRequests)
      .where(
        and(
          inArray(
            registrationRequests.id,
            requests.map((request) => request.id),
          ),
          eq(registrationRequests.status, "APPROVED"),
        ),
      );
    expect(approved).toHaveLength(places);
  });
});

describe("rejecting and cancelling", () => {
  it("rejects with a message e-mailed to the family, freeing nothing", async () => {
    const course = await session(2);
    const who = await family();
    const request = await pendingRequest(who, [course]);
    const empty = await owner.post(url(request.cuid, "reject"), { message: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      fields: { message: "REQUIRED" },
    });

    const response = await owner.post(url(request.cuid, "reject"), {
      message: "Le groupe du mercredi est complet cette saison.",
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().registration_request;
    expect(detail.status).toBe("REJECTED");
    expect(detail.message).toBe("Le groupe du mercredi est complet cette saison.");
    expect(await registered(course)).toBe(0);
    const mails = await emailsTo(t, who.email);
    expect(mails.at(-1)?.text).toContain("Le groupe du mercredi est complet cette saison.");
    expect((await lastAuditByAction(t.db, demoId, "registration_request.rejected"))?.entityId).toBe(
      request.cuid,
    );
    const again = await owner.post(url(request.cuid, "reject"), { message: "Encore" });
    expect(again.statusCode).toBe(409);
    const account = (await who.client.get(`/api/registrations/requests/${request.cuid}`)).json()
      .registration_request;
    expect(account.status).toBe("REJECTED");
    expect(account.amount_due).toBe(0);
  });

  it("lets the customer cancel only a PENDING request, which staff then cannot approve", async () => {
    const course = await session(2);
    const who = await family();
    const request = await pendingRequest(who, [course]);
    const cancel = await who.client.post("/api/registrations/requests/cancel", {
      registration_request_id: request.id,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().registration_request.status).toBe("CANCELLED");
    const approve = await owner.post(url(request.cuid, "approve"), {});
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toEqual({ error: "REGISTRATION_REQUEST_NOT_PENDING" });
    const again = await who.client.post("/api/registrations/requests/cancel", {
      registration_request_id: request.id,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe("bulk approval", () => {
  it("previews then approves in order of request time until places run out", async () => {
    const course = await session(2);
    const requests = [];
    for (let index = 0; index < 4; index += 1) {
      requests.push(
        await pendingRequest(await family(), [course], {
          createdAt: new Date(Date.UTC(2026, 5, 1, 9, 4 - index)),
        }),
      );
    }
    // Request time order: the last inserted is the oldest.
    const inOrder = [...requests].reverse();
    const before = await databaseDigest(t.db);
    const preview = await owner.get(
      `/api/admin/registrations/requests/bulk-approval?activity=${course.activity.cuid}`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const lines = preview.json().data as Array<{
      request: { cuid: string };
      outcome: string;
      blocking: { cuid: string } | null;
    }>;
    expect(lines.map((line) => [line.request.cuid, line.outcome])).toEqual([
      [inOrder[0]!.cuid, "approve"],
      [inOrder[1]!.cuid, "approve"],
      [inOrder[2]!.cuid, "full"],
      [inOrder[3]!.cuid, "full"],
    ]);
    expect(lines[2]!.blocking?.cuid).toBe(course.availability.cuid);
    expect(await databaseDigest(t.db)).toEqual(before);

    const confirm = await owner.post("/api/admin/registrations/requests/bulk-approval", {
      activity: course.activity.cuid,
      requests: lines.map((line) => line.request.cuid),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().approved).toBe(2);
    expect(
      confirm
        .json()
        .data.map((line: { request: { cuid: string }; outcome: string }) => [
          line.request.cuid,
          line.outcome,
        ]),
    ).toEqual(lines.map((line) => [line.request.cuid, line.outcome]));
    expect(await registered(course)).toBe(2);
    const statuses = await t.db
      .select({ cuid: registrationRequests.cuid, status: registrationRequests.status })
      .from(registrationRequests)
      .where(
        inArray(
          registrationRequests.id,
          requests.map((request) => request.id),
        ),
      );
    expect(
      statuses
        .filter((row) => row.status === "APPROVED")
        .map((row) => row.cuid)
        .sort(),
    ).toEqual([inOrder[0]!.cuid, inOrder[1]!.cuid].sort());
    const audit = await lastAuditByAction(t.db, demoId, "registration_request.bulk_approved");
    expect(audit?.after).toMatchObject({ confirmed: 4, approved: 2 });
    const perRequest = await t.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, "registration_request.approved"),
          inArray(auditLogs.entityId, [inOrder[0]!.cuid, inOrder[1]!.cuid]),
        ),
      );
    expect(perRequest).toHaveLength(2);
  });

  it("answers 404 for another organiser's activity and 400 for bad input", async () => {
    const theirs = await session(2, demoEnId);
    const preview = await owner.get(
      `/api/admin/registrations/requests/bulk-approval?activity=${theirs.activity.cuid}`,
    );
    expect(preview.statusCode).toBe(404);
    expect(preview.json()).toEqual({ error: "ACTIVITY_NOT_FOUND" });
    const missing = await owner.get("/api/admin/registrations/requests/bulk-approval?activity=");
    expect(missing.statusCode).toBe(400);
    for (const body of [{}, { activity: 5 }, { activity: theirs.activity.cuid, requests: [] }]) {
      const response = await owner.post("/api/admin/registrations/requests/bulk-approval", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
