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
  await page.getByTestId("newsletter-unsubscribe").click();
  await expect(
    page.getByText("C'est fait : vous ne recevrez plus notre newsletter."),
  ).toBeVisible();
  await page.waitForURL(`${origin}/fr`);

  // The same link again answers the same, and follows a redirect of the site.
  await page.goto(`${link}&redirect=${encodeURIComponent("/fr/blog")}`);
  await hydrated(page);
  await page.getByTestId("newsletter-unsubscribe").click();
  await page.waitForURL(`${origin}/fr/blog`);

  await login(page);
  await page.goto("/fr/account/profile");
  await hydrated(page);
  const box = page.getByLabel("Je souhaite recevoir la newsletter");
  await expect(box).not.toBeChecked();
  await expect(page.getByTestId("profile-newsletter-state")).toContainText("Désinscrit·e le");
  await box.check();
  await page.getByRole("button", { name: "Enregistrer" }).click();
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
  await page.goto(`${consoleOrigin}/admin/customers/${customers.data[0].cuid}`);
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
