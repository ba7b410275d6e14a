import {
  auditLogs,
  carts,
  customers,
  notificationRules,
  notificationTemplates,
  registrations,
  withTenant,
} from "@booking/db";
import { and, desc, eq, exists, isNotNull } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveTemplate } from "../src/modules/notifications/template-store.ts";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  lastAuditByAction,
  organiserIdOf,
} from "./console-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";

/** The console's notification templates: defaults, own templates, preview, variables (API). */

let t: TestApp;
let owner: Client;
let organiserId: number;

const PATH = "/api/admin/notification-templates";
const CART_CONFIRMATION = `${PATH}/defaults/cart-confirmation`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  organiserId = await organiserIdOf(t.db, "demo");
  const session = (await owner.get("/api/admin/session")).json();
  if (session.organiser.slug !== "demo") {
    const demo = session.organisers.find((o: { slug: string }) => o.slug === "demo");
    await owner.put("/api/admin/session/organiser", { organiser: demo.cuid });
  }
});
afterAll(async () => {
  await t.close();
});

let sequence = 0;
const uniqueName = (base = "Modèle") => `${base} ${++sequence}`;

async function createTemplate(input: Record<string, unknown> = {}, client = owner) {
  const response = await client.post(PATH, {
    name: uniqueName(),
    type: "EMAIL",
    subject: "Bonjour {{ customer.firstname }}",
    content: "<p>À bientôt, {{ customer.firstname }} !</p>",
    ...input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Every template row of the demo organiser, as the database holds them. */
function templateRows() {
  return t.db
    .select()
    .from(notificationTemplates)
    .where(eq(notificationTemplates.organiserId, organiserId))
    .orderBy(notificationTemplates.id);
}

function resolved(key: string) {
  return withTenant(t.db, organiserId, (tx) => resolveTemplate(tx, organiserId, key, "fr"));
}

describe("the list of templates", () => {
  it("shows the editable default e-mails in the organiser's language, then its own by name", async () => {
    const mine = await createTemplate({ name: "Zèbre — rappel de stage" });
    const response = await owner.get(PATH);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    const defaults = data.filter((item: { default_key: string | null }) => item.default_key);
    expect(defaults.map((item: { default_key: string }) => item.default_key)).toEqual(
      expect.arrayContaining(["cart-confirmation", "waiting-list-offer", "payment-refunded"]),
    );
    // Staff mail (a collaborator's password reset, an invitation) is not the organiser's to edit.
    for (const key of ["collaborator-password-reset", "collaborator-invitation"]) {
      expect(defaults.some((item: { default_key: string }) => item.default_key === key)).toBe(
        false,
      );
    }
    const confirmation = defaults.find(
      (item: { default_key: string }) => item.default_key === "cart-confirmation",
    );
    expect(confirmation).toMatchObject({ type: "EMAIL", cuid: null, updated_at: null });
    expect(["default", "edited"]).toContain(confirmation.origin);
    expect(confirmation.subject).toContain("{{");
    const own = data.filter((item: { origin: string }) => item.origin === "custom");
    expect(own.at(-1)).toMatchObject({ cuid: mine.cuid, name: "Zèbre — rappel de stage" });
    expect(data.indexOf(own[0])).toBe(defaults.length);
  });
});

describe("a default e-mail", () => {
  it("is edited (what its messages say from now on), audited, and reset to the product's text", async () => {
    const original = (await owner.get(CART_CONFIRMATION)).json();
    expect(original).toMatchObject({
      default_key: "cart-confirmation",
      origin: "default",
      language: "fr",
    });
    const productText = await resolved("cart-confirmation");
    expect(productText.content).toBe(original.content);

    const content = `<p>Merci {{ customer.firstname }}, votre commande {{ cart.reference }} est bien reçue.</p>${original.content}`;
    const edited = await owner.put(CART_CONFIRMATION, {
      subject: "Votre commande {{ cart.reference }} est confirmée",
      content,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ origin: "edited", content, cuid: expect.any(String) });
    expect((await owner.get(CART_CONFIRMATION)).json()).toEqual(edited.json());
    expect(await resolved("cart-confirmation")).toMatchObject({
      subject: "Votre commande {{ cart.reference }} est confirmée",
      content,
    });
    const audit = await lastAuditByAction(
      t.db,
      organiserId,
      "notification_template.default_edited",
    );
    expect(audit).toMatchObject({ entityId: "cart-confirmation" });
    expect(audit!.after).toMatchObject({ content });

    const reset = await owner.delete(CART_CONFIRMATION);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({
      origin: "default",
      cuid: null,
      content: original.content,
    });
    expect((await resolved("cart-confirmation")).content).toBe(original.content);
    const rows = await templateRows();
    expect(rows.some((row) => row.defaultKey === "cart-confirmation")).toBe(false);
    expect(
      await lastAuditByAction(t.db, organiserId, "notification_template.default_reset"),
    ).toMatchObject({ entityId: "cart-confirmation" });

    // Resetting a default that is not edited changes nothing.
    expect((await owner.delete(CART_CONFIRMATION)).statusCode).toBe(200);
  });

  it("keeps one row when many collaborators save it at once, with one of the texts saved", async () => {
    const key = "payment-refunded";
    const texts = Array.from(
      { length: 12 },
      (_, index) => `<p>Remboursement, version ${index}.</p>`,
    );
    const answers = await Promise.all(
      texts.map((content) =>
        owner.put(`${PATH}/defaults/${key}`, { subject: "Remboursement", content }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(texts.map(() => 200));
    const rows = (await templateRows()).filter((row) => row.defaultKey === key);
    expect(rows).toHaveLength(1);
    expect(texts).toContain(rows[0]!.content);

    // Edits and resets racing each other end in one state or the other, never an error.
    const mixed = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2
          ? owner.delete(`${PATH}/defaults/${key}`)
          : owner.put(`${PATH}/defaults/${key}`, { subject: "R", content: "<p>R</p>" }),
      ),
    );
    expect(mixed.map((answer) => answer.statusCode)).toEqual(mixed.map(() => 200));
    expect((await templateRows()).filter((row) => row.defaultKey === key).length).toBeLessThan(2);
  });

  it("refuses a key that is not an editable default (404), staff mail included", async () => {
    for (const key of ["nope", "collaborator-invitation", "collaborator-password-reset"]) {
      const read = await owner.get(`${PATH}/defaults/${key}`);
      expect(read.statusCode, key).toBe(404);
      expect(read.json()).toEqual({ error: "NOTIFICATION_TEMPLATE_NOT_FOUND" });
      const write = await owner.put(`${PATH}/defaults/${key}`, {
        subject: "x",
        content: "<p>x</p>",
      });
      expect(write.statusCode, key).toBe(404);
    }
    expect((await templateRows()).some((row) => row.defaultKey === "nope")).toBe(false);
  });
});

describe("the organiser's own templates", () => {
  it("are created, read, edited and deleted, each change audited", async () => {
    const created = await createTemplate({ name: "Rappel de la veille" });
    expect(created).toMatchObject({
      name: "Rappel de la veille",
      type: "EMAIL",
      origin: "custom",
      default_key: null,
      subject: "Bonjour {{ customer.firstname }}",
    });
    expect((await owner.get(`${PATH}/${created.cuid}`)).json()).toEqual(created);

    const updated = await owner.put(`${PATH}/${created.cuid}`, {
      name: "Rappel : c'est demain",
      type: "EMAIL",
      subject: "Demain : {{ registrations[0].activity.title }}",
      content: "<p>On vous attend demain.</p>",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: "Rappel : c'est demain" });

    const sms = await createTemplate({
      name: "SMS du matin",
      type: "SMS",
      subject: "ignored",
      content: "Rappel : {{ customer.firstname }}, rendez-vous demain.",
    });
    expect(sms).toMatchObject({ type: "SMS", subject: "" });

    const removed = await owner.delete(`${PATH}/${created.cuid}`);
    expect(removed.statusCode).toBe(200);
    expect((await owner.get(`${PATH}/${created.cuid}`)).json()).toEqual({
      error: "NOTIFICATION_TEMPLATE_NOT_FOUND",
    });
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.organiserId, organiserId), eq(auditLogs.entityId, created.cuid)))
      .orderBy(auditLogs.id);
    expect(actions.map((row) => row.action)).toEqual([
      "notification_template.created",
      "notification_template.updated",
      "notification_template.deleted",
    ]);
  });

  it("is not deleted while a rule sends it (409 TEMPLATE_IN_USE), and is once the rule moves on", async () => {
    const used = await createTemplate({ name: "Rappel envoyé par une règle" });
    const [rule] = await t.db
      .insert(notificationRules)
      .values({
        organiserId,
        name: "Rappel la veille",
        trigger: "registration.created",
        channels: ["EMAIL"],
        recipientType: "CUSTOMER",
        requirements: {},
        attachments: {},
        templateCuid: used.cuid,
      } as typeof notificationRules.$inferInsert)
      .returning();
    const refused = await owner.delete(`${PATH}/${used.cuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "TEMPLATE_IN_USE", rules: "Rappel la veille" });
    expect((await owner.get(`${PATH}/${used.cuid}`)).statusCode).toBe(200);

    await t.db
      .update(notificationRules)
      .set({ templateCuid: null })
      .where(eq(notificationRules.id, rule!.id));
    expect((await owner.delete(`${PATH}/${used.cuid}`)).statusCode).toBe(200);
  });

  it("keeps the type a template was created with (400, nothing changed)", async () => {
    const created = await createTemplate();
    const response = await owner.put(`${PATH}/${created.cuid}`, {
      name: "Autre",
      type: "SMS",
      content: "Bonjour",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "VALIDATION_ERROR",
      fields: { type: "INVALID_CHOICE" },
    });
    expect((await owner.get(`${PATH}/${created.cuid}`)).json()).toEqual(created);
  });

  it("stores the rich editor's HTML as sent; its escaped Liquid signs work when rendered", async () => {
    // The editor escapes what it holds (`>` as `&gt;`, a double space as `&nbsp;`): the parser
    // gives Liquid's signs back for every source, so saving keeps the text as it came.
    const content =
      "<p>{% if 2&nbsp;&gt; 1 %}Reste&nbsp;: {{&nbsp;organiser.name }}{% endif %}</p>";
    const created = await createTemplate({ content });
    expect(created.content).toBe(content);
    const preview = await owner.post(`${PATH}/preview`, {
      type: "EMAIL",
      subject: "{% if 1 &lt; 2 %}Objet{% endif %}",
      content,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().subject).toBe("Objet");
    expect(preview.json().text).toMatch(/Reste\s: Les Petits Explorateurs/);
  });
});

describe("bad input", () => {
  it("refuses Liquid that does not parse with its line and message (400 TEMPLATE_INVALID), writing nothing", async () => {
    const before = await templateRows();
    const content = "<p>Bonjour</p>\n<p>{% if customer.firstname %}Salut</p>";
    const response = await owner.post(PATH, {
      name: uniqueName(),
      type: "EMAIL",
      subject: "Objet",
      content,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: "TEMPLATE_INVALID",
      fields: { content: "TEMPLATE_INVALID" },
      line: 2,
      field: "content",
      message: expect.stringMatching(/if/),
    });
    const subject = await owner.put(CART_CONFIRMATION, {
      subject: "{{ cart.reference",
      content: "<p>x</p>",
    });
    expect(subject.statusCode).toBe(400);
    expect(subject.json()).toMatchObject({
      error: "TEMPLATE_INVALID",
      fields: { subject: "TEMPLATE_INVALID" },
      line: 1,
    });
    const sms = await owner.post(PATH, { name: uniqueName(), type: "SMS", content: "{% for x %}" });
    expect(sms.statusCode).toBe(400);
    expect(sms.json()).toMatchObject({
      error: "TEMPLATE_INVALID",
      fields: { content: "TEMPLATE_INVALID" },
    });
    expect(await templateRows()).toEqual(before);
  });

  it("gives organisers no way out of the data: partials and unknown filters are refused", async () => {
    for (const content of [
      "<p>{% include 'secrets' %}</p>",
      "<p>{% render '/etc/passwd' %}</p>",
      "<p>{{ customer.firstname | system }}</p>",
    ]) {
      const response = await owner.post(`${PATH}/preview`, {
        type: "EMAIL",
        subject: "x",
        content,
      });
      expect(response.statusCode, content).toBe(400);
      expect(response.json().error).toBe("TEMPLATE_INVALID");
    }
    // Properties that are not the data's own read as nothing.
    const response = await owner.post(`${PATH}/preview`, {
      type: "SMS",
      content: "[{{ customer.constructor }}][{{ customer.__proto__ }}][{{ organiser.toString }}]",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().text).toBe("[][][]");
  });

  it("refuses overlong, missing and malformed fields with a field code, writing nothing", async () => {
    const before = await templateRows();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: "x".repeat(101) }, { name: "TOO_LONG" }],
      [{ name: "   " }, { name: "REQUIRED" }],
      [{ subject: "s".repeat(256) }, { subject: "TOO_LONG" }],
      [{ subject: "" }, { subject: "REQUIRED" }],
      [{ content: "c".repeat(50_001) }, { content: "TOO_LONG" }],
      [{ content: " " }, { content: "REQUIRED" }],
      [{ type: "SMS", content: "c".repeat(1_601) }, { content: "TOO_LONG" }],
      [{ type: "PIGEON" }, { type: "INVALID_CHOICE" }],
      [{ content: "<p>nul \u0000</p>" }, { content: expect.any(String) }],
    ];
    for (const [input, fields] of cases) {
      const response = await owner.post(PATH, {
        name: uniqueName(),
        type: "EMAIL",
        subject: "Objet",
        content: "<p>Texte</p>",
        ...input,
      });
      expect(response.statusCode, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ error: "VALIDATION_ERROR", fields });
    }
    const defaultEdit = await owner.put(CART_CONFIRMATION, { subject: "", content: "<p>x</p>" });
    expect(defaultEdit.json()).toMatchObject({ fields: { subject: "REQUIRED" } });
    expect(await templateRows()).toEqual(before);
  });
});

describe("tenancy and permissions", () => {
  it("hides another organiser's templates: its cuid is not found here, and nothing of it changes", async () => {
    const other = await collaboratorWith(t, "owner", "demo-en");
    const theirs = await createTemplate({ name: "Their template" }, other.client);
    for (const response of [
      await owner.get(`${PATH}/${theirs.cuid}`),
      await owner.put(`${PATH}/${theirs.cuid}`, {
        name: "Taken over",
        type: "EMAIL",
        subject: "x",
        content: "<p>x</p>",
      }),
      await owner.delete(`${PATH}/${theirs.cuid}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "NOTIFICATION_TEMPLATE_NOT_FOUND" });
    }
    expect((await other.client.get(`${PATH}/${theirs.cuid}`)).json()).toEqual(theirs);
    const list = (await owner.get(PATH)).json().data;
    expect(list.some((item: { cuid: string | null }) => item.cuid === theirs.cuid)).toBe(false);
    // Each organiser's defaults are written in its own language.
    const english = (await other.client.get(CART_CONFIRMATION)).json();
    expect(english.language).toBe("en");
    expect(english.content).not.toBe((await owner.get(CART_CONFIRMATION)).json().content);
  });

  it("lets a reader list, open and preview but not change a template (403)", async () => {
    const reader = await collaboratorWith(t, [
      "notification_templates.notification_templates.read",
    ]);
    const mine = await createTemplate();
    expect((await reader.client.get(PATH)).statusCode).toBe(200);
    expect((await reader.client.get(`${PATH}/${mine.cuid}`)).statusCode).toBe(200);
    expect((await reader.client.get(`${PATH}/variables`)).statusCode).toBe(200);
    const preview = await reader.client.post(`${PATH}/preview`, {
      type: "EMAIL",
      subject: "x",
      content: "<p>x</p>",
    });
    expect(preview.statusCode, preview.body).toBe(200);
    for (const response of [
      await reader.client.post(PATH, {
        name: "x",
        type: "EMAIL",
        subject: "x",
        content: "<p>x</p>",
      }),
      await reader.client.put(CART_CONFIRMATION, { subject: "x", content: "<p>x</p>" }),
      await reader.client.delete(CART_CONFIRMATION),
      await reader.client.delete(`${PATH}/${mine.cuid}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await owner.get(`${PATH}/${mine.cuid}`)).statusCode).toBe(200);
  });
});

describe("preview and variables", () => {
  it("renders the text as typed on the organiser's latest real order, in its language", async () => {
    // The latest with a registration (the demo's latest order may be a gift voucher alone).
    const [latest] = await t.db
      .select({ reference: carts.reference, firstname: customers.firstname })
      .from(carts)
      .innerJoin(customers, eq(customers.id, carts.customerId))
      .where(
        and(
          eq(carts.organiserId, organiserId),
          isNotNull(carts.processedAt),
          isNotNull(carts.reference),
          exists(
            t.db
              .select({ id: registrations.id })
              .from(registrations)
              .where(eq(registrations.cartId, carts.id)),
          ),
        ),
      )
      .orderBy(desc(carts.processedAt), desc(carts.id))
      .limit(1);
    const response = await owner.post(`${PATH}/preview`, {
      type: "EMAIL",
      subject: "Commande {{ cart.reference }} de {{ customer.firstname }}",
      content:
        "<p>Bonjour <strong>{{ customer.fullname }}</strong>, reste {{ cart.outstanding_amount }}.</p>",
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview.language).toBe("fr");
    expect(preview.subject).toBe(`Commande ${latest!.reference} de ${latest!.firstname}`);
    expect(preview.html).toContain("<strong>");
    expect(preview.html).toContain("€");
    expect(preview.text).toContain("Bonjour");
    expect(preview.text).not.toContain("<strong>");

    const sms = await owner.post(`${PATH}/preview`, {
      type: "SMS",
      content: "{{ organiser.name }} : à bientôt {{ customer.firstname }} !",
    });
    expect(sms.json()).toMatchObject({ subject: null, html: null, language: "fr" });
    expect(sms.json().text).toBe(`Les Petits Explorateurs : à bientôt ${latest!.firstname} !`);
  });

  it("renders each of the demo organiser's own templates (the seed writes valid Liquid)", async () => {
    const { data } = (await owner.get(PATH)).json();
    const demo = data.filter((item: { name: string }) =>
      ["Rappel la veille du stage", "Merci pour votre venue", "SMS de rappel"].includes(item.name),
    );
    expect(demo).toHaveLength(3);
    for (const item of demo) {
      const template = (await owner.get(`${PATH}/${item.cuid}`)).json();
      const response = await owner.post(`${PATH}/preview`, {
        type: template.type,
        subject: template.subject,
        content: template.content,
      });
      expect(response.statusCode, `${template.name}: ${response.body}`).toBe(200);
      const preview = response.json();
      expect(preview.text, template.name).not.toMatch(/\{\{|\{%/);
      expect(preview.text.length, template.name).toBeGreaterThan(40);
    }
  });

  it("offers the §3.4 data in the picker: customer, cart with its amounts, lists with their loop", async () => {
    const response = await owner.get(`${PATH}/variables`);
    expect(response.statusCode, response.body).toBe(200);
    const paths: string[] = [];
    const walk = (items: Array<{ path: string; children: unknown[] }>) => {
      for (const item of items) {
        paths.push(item.path);
        walk(item.children as typeof items);
      }
    };
    const { data } = response.json();
    walk(data);
    expect(paths).toEqual(
      expect.arrayContaining([
        "customer.firstname",
        "cart.reference",
        "cart.paid_amount",
        "cart.outstanding_amount",
        "cart.instructions",
        "unsubscribe_url",
      ]),
    );
    const registrations = data.find((item: { path: string }) => item.path === "registrations");
    expect(registrations.item).toEqual(expect.any(String));
    expect(registrations.children[0].path.startsWith(`${registrations.item}.`)).toBe(true);
  });

  it("offers the invoice and reminder data of §3.3/§3.4 in the picker and previews them with sample values", async () => {
    const { data } = (await owner.get(`${PATH}/variables`)).json();
    const childrenOf = (path: string) =>
      data
        .find((item: { path: string }) => item.path === path)
        .children.map((child: { path: string }) => child.path);
    expect(childrenOf("invoice")).toEqual(
      expect.arrayContaining([
        "invoice.number",
        "invoice.due_at",
        "invoice.total_amount",
        "invoice.paid_amount",
        "invoice.outstanding_amount",
        "invoice.reference",
        "invoice.pdf_url",
      ]),
    );
    expect(childrenOf("reminder")).toEqual(
      expect.arrayContaining([
        "reminder.step",
        "reminder.amount_due",
        "reminder.due_on",
        "reminder.days_overdue",
        "reminder.invoice_number",
        "reminder.bank_transfer",
      ]),
    );
    const response = await owner.post(`${PATH}/preview`, {
      type: "EMAIL",
      subject: "Facture {{ invoice.number }}",
      content:
        "<p>Total {{ invoice.total_amount }}, reste {{ invoice.outstanding_amount }} avant le {{ invoice.due_at }} ({{ invoice.pdf_url }}).</p>" +
        "<p>Rappel n° {{ reminder.step }} : {{ reminder.amount_due }}, {{ reminder.days_overdue }} jours de retard.</p>",
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    // The previewed order as invoiced: its invoice, or its number under the organiser's series.
    expect(preview.subject).toMatch(/^Facture F\S*-\d{4}$/);
    expect(preview.text).toMatch(/Total [\d,]+\s€, reste [\d,]+\s€ avant le \d+ \S+ \d{4}/);
    expect(preview.text).toMatch(
      /\(http:\/\/demo\.localhost\/(api\/invoices|fr\/account\/carts)\//,
    );
    expect(preview.text).toMatch(/Rappel n° 1 : [\d,]+\s€, 7 jours de retard/);
  });
});
