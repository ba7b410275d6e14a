import { AxeBuilder } from "@axe-core/playwright";
import { formatMoney } from "@booking/domain/money";
import type { Page } from "@playwright/test";
import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { chooseBirthdate, login } from "./helpers.ts";

// The account area shell, home and profile (platform-and-account.md §2.3, §5, §7).

type Session = {
  customer: {
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
    custom_data: Array<{ field_id: number; data: string | null }>;
  } | null;
  counters: Record<string, number> | null;
  wallet: { amount: number } | null;
};

function session(page: Page): Promise<Session> {
  return page.evaluate(async () => (await fetch("/api/session")).json());
}

/** PUT /api/session from the page (its cookies and XSRF token). */
function putSession(page: Page, body: unknown): Promise<number> {
  return page.evaluate(async (payload) => {
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "");
    const response = await fetch("/api/session", {
      method: "PUT",
      headers: { "content-type": "application/json", "x-xsrf-token": xsrf },
      body: JSON.stringify(payload),
    });
    return response.status;
  }, body);
}

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

test.describe("account area", () => {
  test("the demo customer sees the tabs with their counts", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    await page.getByTestId("account-link").click();
    await page.waitForURL(/\/fr\/account\/home$/);
    await hydrated(page);

    const { counters } = await session(page);
    const tabs = page.getByTestId("account-tabs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Camille");
    // Home, profile and participants always; any other tab only with a count of at least 1, the
    // count of GET /api/session.
    const shown = await tabs.getByRole("link").evaluateAll((links) =>
      links.map((link) => ({
        key: link.getAttribute("data-tab"),
        count: link.querySelector('[data-testid="tab-count"]')?.textContent ?? null,
      })),
    );
    expect(shown.slice(0, 3)).toEqual([
      { key: "home", count: null },
      { key: "profile", count: null },
      { key: "participants", count: String(counters!.participants) },
    ]);
    for (const tab of shown.slice(3)) {
      const expected =
        tab.key === "vouchers"
          ? Math.max(counters!.vouchers!, counters!.available_vouchers!)
          : counters![tab.key!];
      expect(Number(tab.count)).toBe(expected);
      expect(expected).toBeGreaterThanOrEqual(1);
    }
    await expect(tabs.getByRole("link", { name: "Participants" })).toContainText(
      String(counters!.participants),
    );
    await expect(tabs.getByRole("link", { name: "Accueil" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // Other browser tests spend the demo wallet: the card shows what the session says.
    const wallet = (await session(page)).wallet?.amount ?? 0;
    await expect(page.getByTestId("wallet")).toHaveText(formatMoney(wallet, "EUR", "fr-BE"));

    // /account is the same home tab; the tabs lead to their pages.
    await page.goto("/fr/account");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Camille");
    await tabs.getByRole("link", { name: "Profil" }).click();
    await page.waitForURL(/\/fr\/account\/profile$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon profil");
    await expect(tabs.getByRole("link", { name: "Profil" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("a visitor goes through the login page and comes back", async ({ page }) => {
    await page.goto("/fr/account/profile");
    await expect(page).toHaveURL(/\/fr\/auth\/login\?redirect=%2Ffr%2Faccount%2Fprofile$/);
    await hydrated(page);
    await page.fill('[name="email"]', "parent@demo.test");
    await page.fill('[name="password"]', "demo1234");
    await page.click('button[type="submit"]');
    await page.waitForURL(/\/fr\/account\/profile$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon profil");
  });

  test("the demo customer edits the profile", async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    const before = (await session(page)).customer!;
    try {
      await page.goto("/fr/account/profile");
      await hydrated(page);
      const form = page.getByTestId("profile-form");
      await expect(form.getByLabel("Prénom")).toHaveValue(before.firstname);

      // A rule of a custom field, checked in the browser.
      await form.getByLabel(/Numéro de registre national/).fill("123");
      await form.getByRole("button", { name: "Enregistrer" }).click();
      await expect(form.getByText("Format invalide.")).toBeVisible();

      // Another customer's e-mail: the server's code, on the field.
      await form.getByLabel(/Numéro de registre national/).fill("85.07.30-033.61");
      await form.getByLabel("Adresse e-mail").fill("sophie.peeters@example.test");
      await form.getByRole("button", { name: "Enregistrer" }).click();
      await expect(
        form.getByText("Un compte existe déjà avec cette adresse e-mail."),
      ).toBeVisible();
      await expectConsoleError(consoleErrors, /409/);

      await form.getByLabel("Prénom").fill("Camille-Anne");
      await form.getByLabel("Adresse e-mail").fill("  PARENT@Demo.test ");
      await form.getByLabel("Téléphone").fill("0032 471 22 33 44");
      await form.getByLabel(/Adresse postale/).fill("Avenue des Tilleuls 3, 1000 Bruxelles");
      await form.getByLabel("Réseaux sociaux").check();
      await form.getByRole("button", { name: "Enregistrer" }).click();
      await expect(page.getByText("Modifications enregistrées.")).toBeVisible();

      // The new values everywhere: the form, the home tab and the header, also after a reload.
      await page.reload();
      await hydrated(page);
      await expect(form.getByLabel("Prénom")).toHaveValue("Camille-Anne");
      await expect(form.getByLabel("Adresse e-mail")).toHaveValue("parent@demo.test");
      await expect(form.getByLabel("Téléphone")).toHaveValue("+32 471 22 33 44");
      await expect(form.getByLabel(/Adresse postale/)).toHaveValue(
        "Avenue des Tilleuls 3, 1000 Bruxelles",
      );
      await expect(form.getByLabel("Réseaux sociaux")).toBeChecked();
      await expect(form.getByLabel(/Numéro de registre national/)).toHaveValue("85.07.30-033.61");
      await expect(page.getByTestId("account-link")).toContainText("Camille-Anne");
      await page.getByTestId("account-tabs").getByRole("link", { name: "Accueil" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Camille-Anne");
      await expect(page.getByText("+32 471 22 33 44")).toBeVisible();
    } finally {
      // The demo customer is shared by the browser tests: put the profile back.
      expect(
        await putSession(page, {
          firstname: before.firstname,
          lastname: before.lastname,
          email: before.email,
          phone: before.phone,
          custom_data: before.custom_data,
        }),
      ).toBe(200);
    }
  });

  test("a new customer deletes the account with the name confirmation", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = uniqueEmail("leaving");
    await page.goto("/fr/auth/register?redirect=%2Ffr%2Faccount%2Fprofile");
    await hydrated(page);
    await page.fill('[name="firstname"]', "Margaux");
    await page.fill('[name="lastname"]', "Van den Bossche");
    await page.fill('[name="email"]', email);
    await page.fill('[name="phone"]', "+32 470 98 76 54");
    await page.fill('[name="password"]', "secret123");
    await chooseBirthdate(page, "2016-05-04");
    await page.check('[name="terms"]');
    await page.click('button[type="submit"]');
    await page.waitForURL(/\/fr\/account\/profile$/);
    await hydrated(page);

    await page.getByRole("link", { name: "Supprimer mon compte" }).click();
    await page.waitForURL(/\/fr\/account\/profile\/delete$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Supprimer mon compte");
    const confirmation = page.getByTestId("delete-confirmation");
    const submit = confirmation.getByRole("button", {
      name: "Supprimer définitivement",
    });
    await expect(submit).toBeDisabled();

    const name = confirmation.getByLabel("Nom complet");
    await name.fill("Margaux Van den Bosch");
    await name.blur();
    await expect(confirmation.getByText("Le nom saisi ne correspond pas")).toBeVisible();
    await expect(submit).toBeDisabled();
    // Whitespace and case do not count.
    await name.fill("  margaux VANDEN bossche ");
    await expect(submit).toBeEnabled();
    await submit.click();

    // The spec's next page, /account/participants, now sends the visitor to the log-in page.
    await page.waitForURL(/\/fr\/auth\/login\?redirect=.*participants/);
    await expect(page.getByText("Votre compte a été supprimé.")).toBeVisible();
    await expect(page.getByTestId("account-link")).toHaveCount(0);
    expect((await session(page)).customer).toBeNull();

    // The account area is closed to the old session, and the old log-in no longer works.
    await page.goto("/fr/account");
    await expect(page).toHaveURL(/\/fr\/auth\/login\?redirect=/);
    const relogin = await page.evaluate(async (address) => {
      const xsrf = decodeURIComponent(
        /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "",
      );
      const response = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-xsrf-token": xsrf },
        body: JSON.stringify({ email: address, password: "secret123" }),
      });
      return response.status;
    }, email);
    expect(relogin).toBe(401);
    await expectConsoleError(consoleErrors, /401/);
  });

  test("on a 390 px phone the tabs are a row of pills", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await page.goto("/fr/account/profile");
    await hydrated(page);
    const tabs = page.getByTestId("account-tabs");
    await expect(tabs).toBeVisible();
    const current = tabs.getByRole("link", { name: "Profil" });
    await expect(current).toHaveAttribute("aria-current", "page");
    // One row: the tabs sit side by side, and the page does not scroll sideways.
    const home = await tabs.getByRole("link", { name: "Accueil" }).boundingBox();
    const profile = await current.boundingBox();
    expect(Math.abs(home!.y - profile!.y)).toBeLessThan(2);
    expect(profile!.x).toBeGreaterThan(home!.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await tabs.getByRole("link", { name: /^Participants/ }).click();
    await page.waitForURL(/\/fr\/account\/participants/);
  });

  for (const width of [1280, 390]) {
    test(`no serious accessibility violation in the account area at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await login(page);
      for (const path of [
        "/fr/account/home",
        "/fr/account/profile",
        "/en/account/profile/delete",
      ]) {
        await page.goto(path);
        await hydrated(page);
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter(
          (violation) => violation.impact === "serious" || violation.impact === "critical",
        );
        expect(serious.map((violation) => `${path} ${violation.id}: ${violation.help}`)).toEqual(
          [],
        );
      }
    });
  }
});
