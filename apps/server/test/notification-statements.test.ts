import { notificationRules } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organiserIdOf } from "./cart-fixtures.ts";
import { createTestApp, type TestApp } from "./harness.ts";
import {
  availability,
  customer,
  deliverEvents,
  lastEventId,
  onlyRule,
  register,
  rulesDeps,
} from "./notification-rules-fixtures.ts";

// The cost of a cart's confirmation (decision 0059): what the events consumer runs for one
// checkout's events, counted in statements sent to PostgreSQL. A rush sends 200 of them beside
// its requests; each statement saved there is one round trip less per confirmation.

let t: TestApp;
let organiserId: number;
const captured: string[] = [];
let capturing = false;

beforeAll(async () => {
  t = await createTestApp();
  organiserId = await organiserIdOf(t, "demo");
  const [rule] = await t.db
    .select()
    .from(notificationRules)
    .where(
      and(eq(notificationRules.organiserId, organiserId), eq(notificationRules.isDefault, true)),
    );
  await onlyRule(t, organiserId, rule!.id);
  const prototype = pg.Client.prototype as unknown as {
    query: (this: pg.Client, ...args: unknown[]) => unknown;
  };
  const original = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (capturing) {
      const [first] = args;
      captured.push(typeof first === "string" ? first : (first as { text: string }).text);
    }
    return original.apply(this, args);
  };
});
afterAll(() => t?.close());

describe("the statements of a cart's confirmation", () => {
  it("the default rule's confirmation of a one-registration cart takes few round trips", async () => {
    const clock = { now: new Date() };
    const deps = rulesDeps(t, clock);
    const target = await availability(t, organiserId);
    // A first confirmation warms what is read once per process (the e-mail frame, templates).
    const first = await customer(t, organiserId);
    let after = await lastEventId(t);
    await register(t, first, target);
    clock.now = new Date();
    await deliverEvents(t, after, deps);

    const who = await customer(t, organiserId);
    after = await lastEventId(t);
    await register(t, who, target);
    const dispatched = t.dispatchedEmails.length;
    clock.now = new Date();
    capturing = true;
    const events = await deliverEvents(t, after, deps);
    capturing = false;
    expect(events.map((event) => event.type).sort()).toEqual([
      "cart.processed",
      "registration.created",
    ]);
    // The confirmation, and the owner's e-mail of a new registration (reservation.created, on by default).
    expect(t.dispatchedEmails.length).toBe(dispatched + 2);
    // 37 on 2026-11-27 (decision 0059), from about 50: the relay's read of the test's events, the
    // scheduling and sending of the confirmation in one transaction (9 + 13 for the cart's data and
    // the message), the rule look-up of registration.created, the owner's e-mail (11). 44 since
    // the invoicing handler reads the organiser and its invoice settings (4: decision 0074) and
    // the platform meters the registration (3: decision 0078), each in its own transaction. 50
    // since webhooks look for the endpoints subscribed to each of the two events (3 each:
    // decision 0086). 51 since the confirmation reads its activities' own confirmation message and
    // files (1: decision 0101).
    expect(captured.length, captured.join("\n---\n")).toBeLessThanOrEqual(51);
    // One transaction for the confirmation: its scheduling row and its message.
    const confirmation = captured.slice(captured.findIndex((text) => text.startsWith("BEGIN")));
    const end = confirmation.indexOf("COMMIT");
    expect(
      confirmation.slice(0, end).some((text) => text.startsWith('insert into "messages"')),
    ).toBe(true);
  });
});
