import { organisers, withTenant } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DefaultTemplateKey } from "../src/modules/notifications/defaults/index.ts";
import {
  organiserEmail,
  type SystemMailData,
  staffEmail,
} from "../src/modules/notifications/system-mail.ts";
import { TemplateFormatter } from "../src/modules/notifications/template-data.ts";
import { storefrontHome } from "../src/modules/notifications/template-links.ts";
import type { Organiser } from "../src/modules/organisers/queries.ts";
import { createTestApp, type TestApp } from "./harness.ts";

// Every e-mail the product sent as a hand-written function is now a default template with the
// same subject, paragraphs, button and footer in both languages. Their output was compared with
// the functions they replaced (commit a46d5e1) and is kept here as snapshots: a change to a
// default's words shows in the snapshot's diff. The cart confirmation's content is checked by
// checkout-email.test.ts.

let t: TestApp;
const orgs = new Map<string, Organiser>();

/** Subject and text part of a rendered e-mail, as the snapshot keeps them. */
function written(email: { subject: string; text: string }) {
  expect(`${email.subject}\n\n${email.text}`).toMatchSnapshot();
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
] as const)("defaults of %s (%s)", (slug, _language) => {
  const organiserOf = () => orgs.get(slug)!;

  it("waiting-list offer", async () => {
    const organiser = organiserOf();
    const startAt = new Date("2026-07-06T07:00:00Z");
    const expiresAt = new Date("2026-06-20T16:30:00Z");
    const checkoutUrl = `${storefrontHome(organiser, t.app.publicUrls)}/checkout`;
    written(
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
    const money = new TemplateFormatter(organiser).money(4_550);
    written(
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
    const f = new TemplateFormatter(organiser);
    written(
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
    const link = { url: resetUrl, kind: "password-reset" };
    written(await render(slug, "customer-password-reset", { customer, link }));
    written(
      await staffEmail(t.app.publicUrls, "collaborator-password-reset", organiser, {
        collaborator: customer,
        link,
      }),
    );
  });

  it.each(["activate", "login"] as const)("collaborator invitation (%s)", async (kind) => {
    const organiser = organiserOf();
    const url = `https://admin.example/admin/password?token=x&invitation=1`;
    written(
      await staffEmail(t.app.publicUrls, "collaborator-invitation", organiser, {
        collaborator: customer,
        inviter: { name: "Marie Curie" },
        link: { url, kind },
      }),
    );
  });
});

it("writes a collaborator's password reset as the console when they belong to no organiser", async () => {
  const email = await staffEmail(t.app.publicUrls, "collaborator-password-reset", null, {
    collaborator: { firstname: "Sam", lastname: "Lee", fullname: "Sam Lee", email: "s@x.org" },
    link: { url: "http://admin.localhost/admin/password?token=t", kind: "password-reset" },
  });
  expect(email.subject).toBe("Réinitialisation de votre mot de passe – Console");
  expect(email.text).toContain("Bonjour Sam,");
  expect(email.text).toContain("Cet e-mail vous est envoyé par Console.");
  expect(email.html).toContain('href="http://admin.localhost"');
  await expect(staffEmail(t.app.publicUrls, "cart-confirmation", null, {})).rejects.toThrow(
    /not a staff e-mail/,
  );
});
