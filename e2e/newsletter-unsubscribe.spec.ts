import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin, login, origin, port, seriousViolations } from "./helpers.ts";

/**
 * A subscribed demo parent follows the unsubscribe link a newsletter will carry: the page shows
 * the organiser's own texts, one button unsubscribes and leads to the redirect; the account
 * profile says so and subscribes again, which voids the old link (decision 0047).
 */

/** The link, made by the server's own function against this test server's database. */
function unsubscribeLink(slug: string, email: string): string {
  const dataDir = readFileSync(path.join(tmpdir(), `booking-e2e-${port}.datadir`), "utf8").trim();
  const output = execFileSync(process.execPath, ["e2e/newsletter-link.ts", slug, email], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  const link = /https?:\/\/\S+\/newsletters\/unsubscribe\?token=\S+/.exec(output)?.[0];
  if (!link) throw new Error(`no link in: ${output}`);
  return link;
}

async function saveUnsubscribeTexts(page: Page, title: string) {
  await page.goto(`${consoleOrigin}/admin/website/layout`);
  await hydrated(page);
  await page.getByTestId("newsletter_unsubscribe-title").fill(title);
  await page.getByTestId("layout-form-save").click();
  await expect(page.getByText("Site enregistré.").last()).toBeVisible();
}

test("a parent unsubscribes from the newsletter through the link, then subscribes again in the profile", async ({
  page,
  consoleErrors,
}) => {
  await consoleLogin(page);
  await saveUnsubscribeTexts(page, "Vous nous quittez déjà ?");

  const link = unsubscribeLink("demo", "parent@demo.test");
  expect(link.startsWith(`${origin}/fr/newsletters/unsubscribe?token=`)).toBe(true);

  // A hostile redirect is not followed: the home page instead.
  await page.goto(`${link}&redirect=${encodeURIComponent("//evil.example/")}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vous nous quittez déjà ?");
  await expect(page.getByText("Vous ne recevrez plus nos newsletters.")).toBeVisible();
  // The goodbye toast is checked by the newsletter test below, whose attempts each unsubscribe a
  // new customer; this one's retry would find the demo parent already gone.
  await page.getByTestId("newsletter-unsubscribe").click();
  await page.waitForURL(`${origin}/fr`);

  // The same link again says it is already done, and changes nothing.
  await page.goto(`${link}&redirect=${encodeURIComponent("/fr/blog")}`);
  await hydrated(page);
  await page.getByTestId("newsletter-unsubscribe").click();
  await expect(page.getByRole("alert").filter({ hasText: "déjà désinscrit·e" })).toBeVisible();
  await expectConsoleError(consoleErrors, /409/);

  await login(page);
  await page.goto("/fr/account/profile");
  await hydrated(page);
  const box = page.getByLabel("Je souhaite recevoir la newsletter");
  await expect(box).not.toBeChecked();
  await expect(page.getByTestId("profile-newsletter-state")).toContainText("Désinscrit·e le");
  await box.check();
  // The profile's own form (the billing details card below has its own button).
  await page.getByTestId("profile-form").getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByTestId("profile-newsletter-state")).toContainText("Inscrit·e depuis le");

  // The new opt-in voids the old link: a clear message, nothing changed.
  await page.goto(link);
  await hydrated(page);
  await page.getByTestId("newsletter-unsubscribe").click();
  await expect(
    page.getByRole("alert").filter({ hasText: "n'est pas (ou plus) valide" }),
  ).toBeVisible();
  await expectConsoleError(consoleErrors, /400/);
  await page.goto("/fr/account/profile");
  await expect(page.getByLabel("Je souhaite recevoir la newsletter")).toBeChecked();

  // Staff may withdraw the consent on the customer's page (never give it back).
  await page.goto(`${consoleOrigin}/admin/customers`);
  const customers = await page.evaluate(async () => {
    const response = await fetch("/api/admin/customers?search=parent%40demo.test");
    return response.json();
  });
  // The search matches any part of an e-mail: other tests' customers may contain this one's.
  const parent = customers.data.find(
    (customer: { email: string }) => customer.email === "parent@demo.test",
  );
  await page.goto(`${consoleOrigin}/admin/customers/${parent.cuid}`);
  await hydrated(page);
  const consent = page.getByTestId("customer-newsletter");
  await expect(consent).toContainText("Inscrit·e depuis le");
  await expect(consent).toContainText("dans son profil");
  await consent.getByRole("button", { name: "Désinscrire" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Désinscrire" }).click();
  await expect(consent).toContainText("par l'équipe");
  await expect(consent.getByRole("button")).toHaveCount(0);

  // Blank texts: the default ones, in the page's language.
  await saveUnsubscribeTexts(page, "");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Se désinscrire de la newsletter",
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link.replace("/fr/", "/en/"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Unsubscribe from the newsletter",
  );
  expect(await seriousViolations(page)).toEqual([]);
});

/** A new customer of the demo who ticks the newsletter box on registering. */
async function subscribedCustomer(page: Page): Promise<string> {
  await page.goto(`${origin}/fr`);
  await hydrated(page);
  const email = `lecteur-${Date.now()}@example.test`;
  const status = await page.evaluate(async (address) => {
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "");
    const response = await fetch("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-xsrf-token": xsrf },
      body: JSON.stringify({
        firstname: "Inès",
        lastname: "Lecteur",
        email: address,
        phone: "+32 470 11 22 44",
        password: "demo1234",
        terms: true,
        newsletter: true,
        custom_data: [],
        participant: { birthdate: "2017-03-02", custom_data: [] },
      }),
    });
    return response.status;
  }, email);
  expect(status).toBe(201);
  return email;
}

/**
 * Staff write and send a newsletter in the console; the parent's copy in the outbox carries the
 * unsubscribe link, which the parent opens and confirms; their consent is gone (decision 0056).
 */
test("a parent unsubscribes from the link in a newsletter", async ({ page }) => {
  const email = await subscribedCustomer(page);
  const subject = `Les stages d'automne ${Date.now()}`;

  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/newsletters/new`);
  await hydrated(page);
  await page.getByTestId("newsletter-subject").fill(subject);
  await page.getByTestId("newsletter-content").click();
  await page.keyboard.type("Bonjour {{ customer.firstname }}, les stages d'automne sont ouverts.");
  await expect(page.getByTestId("newsletter-preview")).toBeVisible();
  await page.getByTestId("save-newsletter").click();
  await page.waitForURL(/\/admin\/newsletters\/[a-z0-9]+$/);
  await hydrated(page);
  await expect(page.getByTestId("newsletter-status")).toHaveText("Brouillon");
  await page.getByTestId("newsletter-send-now").click();
  await page.getByRole("dialog").getByRole("button", { name: "Envoyer maintenant" }).click();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("newsletter-status")).toHaveText("Envoyée", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  await page.goto(`${consoleOrigin}/admin/dev/outbox`);
  const mail = page.getByTestId("outbox-email").filter({ hasText: subject }).filter({
    hasText: email,
  });
  await expect(async () => {
    await page.reload();
    await expect(mail).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await mail.locator("summary").first().click();
  await expect(mail).toContainText("Bonjour Inès, les stages d'automne sont ouverts.");
  const link = await mail
    .getByRole("link", { name: /\/newsletters\/unsubscribe\?token=/ })
    .getAttribute("href");
  expect(link?.startsWith(`${origin}/fr/newsletters/unsubscribe?token=`)).toBe(true);

  await page.goto(link!);
  await hydrated(page);
  await page.getByTestId("newsletter-unsubscribe").click();
  await expect(
    page.getByText("C'est fait : vous ne recevrez plus notre newsletter."),
  ).toBeVisible();

  await page.goto(
    `${consoleOrigin}/admin/newsletters/subscribers?search=${encodeURIComponent(email)}`,
  );
  await expect(page.getByText("Aucun abonné ne correspond à cette recherche.")).toBeVisible();
});
