import type { AdminSessionResponse } from "@booking/contracts";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { BillingOverdueBanner } from "../app/components/admin/shell/billing-overdue-banner";
import { createI18n, loadTranslations } from "../app/i18n";
import { TranslationsProvider } from "../app/i18n/react";

// The console-wide overdue banner (decision 0082): a way to pay for those who see the platform
// invoices, a note to tell the owner for the others, nothing when nothing is overdue.

beforeAll(() => loadTranslations("en", "console"));

function render(overdue: boolean, permissions: string[]) {
  const person = { cuid: "c", email: "a@example.org", firstname: "A", lastname: "B" };
  const session: AdminSessionResponse = {
    collaborator: person,
    language: null,
    impersonator: null,
    operator_impersonator: null,
    organisers: [],
    organiser: {
      cuid: "o",
      slug: "demo",
      name: "Demo",
      logo: null,
      language: "en",
      currency: "EUR",
      timezone: "Europe/Brussels",
      storefront_url: "http://demo.localhost",
      status: "ACTIVE",
      billing_overdue: overdue,
    },
    role: { cuid: "r", name: "Role", is_owner: false },
    permissions,
  };
  return renderToString(
    createElement(
      TranslationsProvider,
      { translator: createI18n("en", "console") },
      createElement(MemoryRouter, null, createElement(BillingOverdueBanner, { session })),
    ),
  );
}

describe("the console's overdue banner", () => {
  it("links those who see platform invoices to the Billing page", () => {
    const html = render(true, ["billing.invoices.read"]);
    expect(html).toContain("A platform invoice is overdue.");
    expect(html).toContain('href="/admin/settings/billing"');
  });

  it("asks the others to tell the owner, without a link", () => {
    const html = render(true, ["customers.read"]);
    expect(html).toContain("please tell the account owner");
    expect(html).not.toContain("href=");
  });

  it("is not there when nothing is overdue", () => {
    expect(render(false, ["billing.invoices.read"])).toBe("");
  });
});
