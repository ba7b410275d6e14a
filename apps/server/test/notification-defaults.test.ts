import type { ProcessedCartView } from "@booking/contracts";
import {
  activities,
  availabilities,
  availabilityDates,
  messages,
  organisers,
  withTenant,
} from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartConfirmationEmail } from "../src/modules/mail/templates/cart-confirmation.ts";
import { collaboratorInvitationEmail } from "../src/modules/mail/templates/collaborator-invitation.ts";
import { passwordResetEmail } from "../src/modules/mail/templates/password-reset.ts";
import { paymentRefundedEmail } from "../src/modules/mail/templates/payment-refunded.ts";
import { paymentRefundedByOrganiserEmail } from "../src/modules/mail/templates/payment-refunded-by-organiser.ts";
import { waitingListOfferEmail } from "../src/modules/mail/templates/waiting-list-offer.ts";
import type { DefaultTemplateKey } from "../src/modules/notifications/defaults/index.ts";
import { plainText } from "../src/modules/notifications/render/text.ts";
import {
  organiserEmail,
  type SystemMailData,
  staffEmail,
} from "../src/modules/notifications/system-mail.ts";
import { TemplateFormatter } from "../src/modules/notifications/template-data.ts";
import { storefrontHome } from "../src/modules/notifications/template-links.ts";
import type { Organiser } from "../src/modules/organisers/queries.ts";
import { registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { createTestApp, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

// Every e-mail the product sent as a hand-written function is now a default template: the same
// subject, paragraphs, button and footer in both languages. Compared here with the functions
// they replace (the body's text and the footer of the old HTML against the new text part).

let t: TestApp;
const orgs = new Map<string, Organiser>();

const UNESCAPE: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const unescapeHtml = (html: string) => html.replace(/&(amp|lt|gt|quot|#39);/g, (m) => UNESCAPE[m]!);

/** The old layout's body and footer, as text. */
function oldText(html: string): string {
  const body = html.match(
    /<td style="padding:24px 32px;font-size:15px;line-height:1.6">([\s\S]*)<\/td><\/tr>\n<tr><td style="padding:16px 32px/,
  )![1]!;
  const footer = html.match(/<td style="padding:16px 32px;[^"]*">(.*?)<\/td>/)![1]!;
  return `${plainText(body)}\n\n${unescapeHtml(footer)}`;
}

function same(old: { subject: string; html: string }, now: { subject: string; text: string }) {
  expect(now.subject).toBe(old.subject);
  expect(now.text).toBe(oldText(old.html));
}

function render(slug: string, key: DefaultTemplateKey, parts: SystemMailData) {
  const organiser = orgs.get(slug)!;
  return withTenant(t.db, organiser.id, (tx) =>
    organiserEmail(tx, organiser, t.app.publicUrls, key, parts),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  for (const slug of ["demo", "demo-en"]) {
    const [row] = await t.db.select().from(organisers).where(eq(organisers.slug, slug));
    orgs.set(slug, row!);
  }
});
afterAll(() => t.close());

const customer = {
  firstname: "Camille",
  lastname: "Dupont",
  fullname: "Camille Dupont",
  email: "camille@example.org",
  phone: null,
};

describe.each([
  ["demo", "fr"],
  ["demo-en", "en"],
] as const)("defaults of %s (%s)", (slug, language) => {
  const organiserOf = () => orgs.get(slug)!;

  it("waiting-list offer", async () => {
    const organiser = organiserOf();
    const startAt = new Date("2026-07-06T07:00:00Z");
    const expiresAt = new Date("2026-06-20T16:30:00Z");
    const checkoutUrl = `${storefrontHome(organiser, t.app.publicUrls)}/checkout`;
    const old = waitingListOfferEmail({
      language,
      organiserName: organiser.name,
      currency: organiser.currency,
      timezone: organiser.timezone,
      firstname: "Camille",
      participant: "Noa Dupont",
      activity: "Stage <voile> & kayak",
      startAt,
      expiresAt,
      price: 12_550,
      checkoutUrl,
    });
    same(
      old,
      await render(slug, "waiting-list-offer", {
        customer,
        offer: {
          participant: { firstname: "Noa", lastname: "Dupont", fullname: "Noa Dupont" },
          activity: { title: "Stage <voile> & kayak" },
          start_at: startAt.toISOString(),
          expires_at: expiresAt.toISOString(),
          price: new TemplateFormatter(organiser).money(12_550),
          price_minor: 12_550,
        },
        link: { url: checkoutUrl, kind: "checkout" },
      }),
    );
  });

  it.each(["PLACES_TAKEN", "NOT_AWAITED"] as const)("payment refunded (%s)", async (reason) => {
    const organiser = organiserOf();
    const home = storefrontHome(organiser, t.app.publicUrls);
    const old = paymentRefundedEmail({
      language,
      organiserName: organiser.name,
      currency: organiser.currency,
      firstname: "Camille",
      amount: 4_550,
      reason,
      storefrontUrl: home,
    });
    const money = new TemplateFormatter(organiser).money(4_550);
    same(
      old,
      await render(slug, "payment-refunded", {
        customer,
        refund: {
          amount: money,
          amount_minor: 4_550,
          paid_amount: money,
          paid_amount_minor: 4_550,
          whole: true,
          reason,
          reference: null,
        },
        link: { url: home, kind: "storefront" },
      }),
    );
  });

  it.each([
    [4_550, "+++090/9337/55493+++"],
    [1_000, "+++090/9337/55493+++"],
    [4_550, null],
  ])("payment refunded by the organiser (%i, %s)", async (refunded, reference) => {
    const organiser = organiserOf();
    const old = paymentRefundedByOrganiserEmail({
      language,
      organiserName: organiser.name,
      currency: organiser.currency,
      firstname: "Camille",
      refunded,
      paid: 4_550,
      reference,
    });
    const f = new TemplateFormatter(organiser);
    same(
      old,
      await render(slug, "payment-refunded-by-organiser", {
        customer,
        refund: {
          amount: f.money(refunded),
          amount_minor: refunded,
          paid_amount: f.money(4_550),
          paid_amount_minor: 4_550,
          whole: refunded === 4_550,
          reason: null,
          reference,
        },
      }),
    );
  });

  it("password resets of a customer and of a collaborator", async () => {
    const organiser = organiserOf();
    const resetUrl = "https://demo.example/fr/auth/password?token=a&b=<c>";
    const old = passwordResetEmail({
      language,
      organiserName: organiser.name,
      firstname: "Camille",
      resetUrl,
    });
    const link = { url: resetUrl, kind: "password-reset" };
    // The old text part had no footer; the generated one ends with it.
    same(old, await render(slug, "customer-password-reset", { customer, link }));
    same(
      old,
      await staffEmail(t.app.publicUrls, "collaborator-password-reset", organiser, {
        collaborator: customer,
        link,
      }),
    );
  });

  it.each(["activate", "login"] as const)("collaborator invitation (%s)", async (kind) => {
    const organiser = organiserOf();
    const url = `https://admin.example/admin/password?token=x&invitation=1`;
    const old = collaboratorInvitationEmail({
      language,
      organiserName: organiser.name,
      inviterName: "Marie Curie",
      firstname: "Camille",
      link: { kind, url },
    });
    same(
      old,
      await staffEmail(t.app.publicUrls, "collaborator-invitation", organiser, {
        collaborator: customer,
        inviter: { name: "Marie Curie" },
        link: { url, kind },
      }),
    );
  });

  it("cart confirmation, as checkout queues it", async () => {
    const organiser = organiserOf();
    const start = new Date(Date.now() + 30 * 24 * 3_600_000);
    start.setUTCHours(9, 0, 0, 0);
    const end = new Date(start.getTime() + 3 * 3_600_000);
    const [activity] = await t.db
      .insert(activities)
      .values({ organiserId: organiser.id, title: "Stage <de> voile", published: true })
      .returning();
    const [availability] = await t.db
      .insert(availabilities)
      .values({
        organiserId: organiser.id,
        activityId: activity!.id,
        startAt: start,
        endAt: end,
        capacity: 10,
        price: 12_000,
        deposit: 0,
      })
      .returning();
    const [date] = await t.db
      .insert(availabilityDates)
      .values({
        organiserId: organiser.id,
        availabilityId: availability!.id,
        startAt: start,
        endAt: end,
        capacity: 10,
        status: "OPEN" as const,
      })
      .returning();
    const email = `compare-${slug}@example.org`;
    const { client, participantId } = await sessionCustomer(t, {
      organiserId: organiser.id,
      host: slug === "demo" ? DEMO_HOST : DEMO_EN_HOST,
      customer: { firstname: "Camille", lastname: "Dupont", email, walletAmount: 2_000 },
      participant: { firstname: "Noa", lastname: "Dupont" },
    });
    const added = await client.post(
      "/api/carts/items",
      registrationBody(availability!.id, participantId, [date!.id]),
    );
    expect(added.statusCode, added.body).toBe(201);
    const cart = added.json().cart as { id: number; cuid: string };
    const done = await client.post("/api/carts/checkout", {
      cart_id: cart.id,
      payment_strategy: "DELAYED",
      terms: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    const view = (await client.get(`/api/carts/${cart.cuid}`)).json().cart as ProcessedCartView;
    const [queued] = await t.db.select().from(messages).where(eq(messages.toAddress, email));
    const old = cartConfirmationEmail({
      language,
      organiserName: organiser.name,
      currency: organiser.currency,
      timezone: organiser.timezone,
      firstname: "Camille",
      cartUrl: `${storefrontHome(organiser, t.app.publicUrls)}/account/carts/${cart.cuid}`,
      cart: view,
    });
    same(old, { subject: queued!.subject!, text: queued!.text });
  });
});
