import { describe, expect, it } from "vitest";
import {
  checkTemplate,
  type EmailTemplateData,
  type OrganiserBrand,
  renderEmail,
  renderSms,
  TemplateRenderError,
  TemplateSyntaxError,
} from "../src/modules/notifications/render/index.ts";

// The template engine on its own (decision 0050): sandbox, limits, escaping, syntax errors with
// their line, the MJML frame and the plain-text part, and the time a message takes.

const brand: OrganiserBrand = {
  name: "Les Petits Sportifs",
  logoUrl: "https://demo.example/uploads/logo.png",
  accentColor: "#1d4ed8",
  websiteUrl: "https://demo.example/fr",
};

function data(overrides: Partial<EmailTemplateData> = {}): EmailTemplateData {
  return {
    message: null,
    organiser: {
      name: "Les Petits Sportifs",
      language: "fr",
      currency: "EUR",
      timezone: "Europe/Brussels",
      email: "contact@demo.example",
      phone: null,
      website_url: "https://demo.example/fr",
      logo_url: null,
    },
    customer: {
      firstname: "Alice",
      lastname: "Martin",
      fullname: "Alice Martin",
      email: "alice@example.com",
      phone: null,
    },
    collaborator: null,
    registrations: [],
    bundles: [],
    vouchers: [],
    memberships: [],
    availabilities: [],
    cart: null,
    account: {
      url: "https://demo.example/fr/account",
      profile_url: "https://demo.example/fr/account/profile",
      registrations_url: "https://demo.example/fr/account/registrations",
      carts_url: "https://demo.example/fr/account/carts",
      bundles_url: "https://demo.example/fr/account/bundles",
      vouchers_url: "https://demo.example/fr/account/vouchers",
      memberships_url: "https://demo.example/fr/account/memberships",
    },
    unsubscribe_url: null,
    link: null,
    inviter: null,
    offer: null,
    refund: null,
    invoice: null,
    ...overrides,
  };
}

async function render(content: string, overrides: Partial<EmailTemplateData> = {}) {
  return renderEmail({
    language: "fr",
    organiser: brand,
    template: { subject: "Sujet", content },
    data: data(overrides),
  });
}

describe("sandbox", () => {
  it("reads no prototype, constructor, process or global", async () => {
    const { html, text } = await render(
      "<p>[{{ customer.constructor }}][{{ customer.__proto__ }}][{{ customer.firstname.constructor.name }}][{{ process.env.DATABASE_URL }}][{{ globalThis }}][{{ customer.toString }}][{{ registrations.constructor.name }}]</p>",
    );
    expect(text).toContain("[][][][][][][]");
    expect(html).not.toContain("function");
  });

  it("includes no file", async () => {
    for (const tag of [
      "{% include '/etc/passwd' %}",
      "{% render 'package.json' %}",
      "{% layout 'x' %}",
    ]) {
      expect(() => checkTemplate({ subject: "s", content: tag })).toThrow(TemplateSyntaxError);
      await expect(render(tag)).rejects.toBeInstanceOf(TemplateSyntaxError);
    }
  });

  it("ends an endless loop and a memory bomb with an error", async () => {
    const started = Date.now();
    await expect(
      render("{% for a in (1..100000) %}{% for b in (1..100000) %}{{ a }}{% endfor %}{% endfor %}"),
    ).rejects.toBeInstanceOf(TemplateRenderError);
    await expect(
      render(
        "{% assign s = 'xxxxxxxxxx' %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s.size }}",
      ),
    ).rejects.toBeInstanceOf(TemplateRenderError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses unknown filters when checking the template", () => {
    expect(() =>
      checkTemplate({ subject: "{{ customer.firstname | shell }}", content: "" }),
    ).toThrow(/undefined filter: shell/);
  });
});

describe("escaping", () => {
  it("escapes HTML in the data, also through raw, but not the message content", async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const { html } = await render(
      "<p>{{ customer.firstname }}</p><p>{{ customer.firstname | raw }}</p><div>{{ message.content }}</div>",
      {
        customer: { ...data().customer!, firstname: hostile },
        message: { subject: "Info", content: "<p><strong>Apportez un maillot</strong></p>" },
      },
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("<strong>Apportez un maillot</strong>");
  });

  it("writes the subject and an SMS as plain text", async () => {
    const rendered = await renderEmail({
      language: "fr",
      organiser: brand,
      template: { subject: "Bonjour {{ customer.firstname }}\n  & bienvenue", content: "<p>x</p>" },
      data: data({ customer: { ...data().customer!, firstname: "Tom & Léa" } }),
    });
    expect(rendered.subject).toBe("Bonjour Tom & Léa & bienvenue");
    const sms = await renderSms({
      template: "  Bonjour {{ customer.firstname }}, {{ message.content }}  ",
      data: data({
        customer: { ...data().customer!, firstname: "Tom & Léa" },
        message: { subject: "", content: "<p>Séance <b>annulée</b></p>" },
      }),
    });
    expect(sms).toBe("Bonjour Tom & Léa, Séance annulée");
  });
});

describe("Liquid typed in the rich editor", () => {
  it("reads the comparison signs and spaces the editor escaped inside the delimiters", async () => {
    const rendered = await render(
      "<p>{% if 2&nbsp;&gt; 1 and &quot;a&quot; == 'a' %}oui{% endif %} &gt; fin</p>",
    );
    expect(rendered.text).toContain("oui > fin");
  });
});

describe("syntax errors", () => {
  it("give the line and the part of the template", () => {
    try {
      checkTemplate({ subject: "ok", content: "<p>a</p>\n<p>b</p>\n{% if customer %}\n<p>c</p>" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TemplateSyntaxError);
      expect((error as TemplateSyntaxError).line).toBe(3);
      expect((error as TemplateSyntaxError).field).toBe("content");
      expect((error as TemplateSyntaxError).message).toMatch(/not closed/);
    }
    try {
      checkTemplate({ subject: "Hello {{ customer.firstname ", content: "" });
      expect.unreachable();
    } catch (error) {
      expect((error as TemplateSyntaxError).field).toBe("subject");
      expect((error as TemplateSyntaxError).line).toBe(1);
    }
  });
});

describe("filters", () => {
  it("write amounts and dates in the organiser's language, currency and time zone", async () => {
    const template =
      "<p>{{ 1250 | money }}|{{ '2026-05-02T08:00:00Z' | format_date }}|{{ '2026-05-02T08:00:00Z' | format_date: 'datetime' }}|{{ '2026-05-02T08:00:00Z' | format_range: '2026-05-02T10:00:00Z', 'datetime' }}</p>";
    const fr = await render(template);
    expect(fr.text).toContain("12,50\u00a0€|2 mai 2026|samedi 2 mai 2026 à 10:00|");
    const en = await renderEmail({
      language: "en",
      organiser: brand,
      template: { subject: "s", content: template },
      data: data({
        organiser: {
          ...data().organiser,
          language: "en",
          currency: "GBP",
          timezone: "Europe/London",
        },
      }),
    });
    expect(en.text).toContain(
      "£12.50|2 May 2026|Saturday, 2 May 2026 at 09:00|Saturday, 2 May 2026, 09:00–11:00",
    );
  });
});

describe("layout", () => {
  it("frames the content 600 px wide with the organiser's name, logo, colour, footer and unsubscribe link", async () => {
    const rendered = await renderEmail({
      language: "en",
      organiser: brand,
      template: {
        subject: "Hello",
        content:
          '<p>Hello {{ customer.firstname }},</p><h2>Your order</h2><p><a class="button" href="{{ account.carts_url }}">View my order</a></p>',
      },
      data: data({ organiser: { ...data().organiser, language: "en" } }),
      unsubscribeUrl: "https://demo.example/newsletters/unsubscribe?token=a&b=1",
    });
    const { html, text } = rendered;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("max-width:600px");
    expect(html).toContain('src="https://demo.example/uploads/logo.png"');
    expect(html).toContain("Les Petits Sportifs");
    expect(html).toMatch(
      /<a class="button" href="https:\/\/demo.example\/fr\/account\/carts" style="[^"]*background: ?#1d4ed8/,
    );
    expect(html).toContain("This e-mail was sent to you by Les Petits Sportifs.");
    expect(html).toContain('href="https://demo.example/newsletters/unsubscribe?token=a&amp;b=1"');
    expect(html).not.toContain("%%");
    // Balanced markup: every table and div opened is closed.
    for (const tag of ["table", "div", "td", "tr"]) {
      const opened = html.match(new RegExp(`<${tag}[\\s>]`, "g"))?.length ?? 0;
      const closed = html.match(new RegExp(`</${tag}>`, "g"))?.length ?? 0;
      expect(closed, tag).toBe(opened);
    }
    expect(text).toBe(
      [
        "Hello Alice,",
        "YOUR ORDER",
        "View my order [https://demo.example/fr/account/carts]",
        "This e-mail was sent to you by Les Petits Sportifs.",
        "Unsubscribe: https://demo.example/newsletters/unsubscribe?token=a&b=1",
      ].join("\n\n"),
    );
  });

  it("shows the name alone without a logo, and a dark button when white text would not read on the accent", async () => {
    const rendered = await renderEmail({
      language: "fr",
      organiser: { ...brand, logoUrl: null, accentColor: "#fde047" },
      template: {
        subject: "s",
        content: '<p><a class="button" href="https://x.example">Go</a></p>',
      },
      data: data(),
    });
    expect(rendered.html).not.toContain("<img");
    expect(rendered.html).toMatch(/background: ?#18181b/);
    expect(rendered.html).toContain("Cet e-mail vous est envoyé par Les Petits Sportifs.");
  });

  it("renders a message in a few milliseconds once the frame is compiled", async () => {
    const content =
      '<p>Bonjour {{ customer.firstname }},</p>{% for i in (1..20) %}<p>Ligne {{ i }} : {{ 1250 | money }}</p>{% endfor %}<p><a class="button" href="{{ account.url }}">Voir</a></p>';
    await render(content);
    const started = performance.now();
    const count = 50;
    for (let index = 0; index < count; index += 1) await render(content);
    const perMessage = (performance.now() - started) / count;
    expect(perMessage).toBeLessThan(15);
  });
});

describe("content styles", () => {
  it("are written into each element, before its own style, whatever its attributes", async () => {
    const { html } = await render(
      `<p class="note" data-x="a>b">n</p><td class="amount total">1</td><a class="button" style="color:red" href="https://x.example/?a=1&b=2">Go</a><img src="https://x.example/i.png" alt="">`,
    );
    expect(html).toContain(
      '<p class="note" data-x="a>b" style="margin:0 0 16px;font-size:13px;color:#52525b">n</p>',
    );
    expect(html).toContain(
      '<td class="amount total" style="padding:6px 0;border-bottom:1px solid #f4f4f5;vertical-align:top;text-align:right;white-space:nowrap;text-align:right;font-weight:bold">1</td>',
    );
    expect(html).toMatch(
      /<a class="button" href="https:\/\/x.example\/\?a=1&b=2" style="color:#1d4ed8;display:inline-block;background:#1d4ed8;[^"]*;color:red">Go<\/a>/,
    );
    expect(html).toContain(
      '<img src="https://x.example/i.png" alt="" style="max-width:100%;height:auto">',
    );
  });
});
