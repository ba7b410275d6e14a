import type { Page } from "@playwright/test";
import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import {
  answerDemoQuestions,
  availabilityPaths,
  checkoutByTransfer,
  chooseParticipantWithEstimate,
  login,
} from "./helpers.ts";

/**
 * Adds to the cart a registration of an open camp (no full date, at least two dates offered, so
 * that it can lose one on the edit page) with its "Garderie" option: something is owed even when
 * the demo customer's camp bundle pays for the place. Returns the activity title.
 */
async function addCampRegistration(page: Page): Promise<string> {
  const [path] = await availabilityPaths(
    page,
    (html) =>
      html.includes('data-testid="add-to-cart-form"') &&
      html.includes("Garderie") &&
      !html.includes(">Complet<") &&
      (html.match(/data-state="selectable"/g) ?? []).length >= 2,
    1,
  );
  if (!path) throw new Error("no open camp with several dates in the demo");
  await page.goto(path);
  await hydrated(page);
  const title = (await page.getByTestId("availability-title").textContent())!.trim();
  const form = page.getByTestId("add-to-cart-form");
  await chooseParticipantWithEstimate(form);
  await form.getByText("Garderie", { exact: true }).click();
  await expect(form.getByRole("switch", { name: /Garderie/ })).toBeChecked();
  await answerDemoQuestions(form);
  await form.getByTestId("add-to-cart-submit").click();
  await expect(page.getByText("Panier mis à jour")).toBeVisible();
  return title;
}

test.describe("registrations in the account area", () => {
  test("the demo parent opens a registration, cannot review it before it starts, changes its dates and cancels it", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    const title = await addCampRegistration(page);
    const cuid = await checkoutByTransfer(page);

    // The list: the tab with its count, the new registration with its yellow badge.
    await page.goto("/fr/account/registrations");
    await hydrated(page);
    await expect(
      page.locator('[data-tab="registrations"] [data-testid="tab-count"]'),
    ).toBeVisible();
    const card = page.locator(`a[href="/fr/account/registrations/${cuid}"]`);
    await expect(card).toContainText(title);
    await expect(card.locator('[data-badge="outstanding"]')).toHaveText("À payer");
    await card.click();

    // The detail page.
    await page.waitForURL(new RegExp(`/fr/account/registrations/${cuid}$`));
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("payment-badge")).toHaveAttribute("data-kind", "outstanding");
    await expect(page.getByTestId("payment-badge")).toContainText("à payer");
    await expect(page.getByTestId("bank-transfer")).toBeVisible();
    const dates = page.getByTestId("registration-dates-list").locator("li");
    const datesBefore = await dates.count();
    expect(datesBefore).toBeGreaterThanOrEqual(2);

    // Not started yet: no review can be written, the card says when it can.
    await expect(page.getByTestId("registration-review")).toHaveCount(0);
    await expect(page.getByTestId("review-not-yet")).toBeVisible();
    await page.goto(`/fr/account/registrations/${cuid}/review`);
    await expect(page.getByTestId("review-refused")).toContainText("une fois l'activité commencée");
    await page.goto(`/fr/account/registrations/${cuid}`);
    await hydrated(page);

    // Editing the dates: none left is refused on the field; one date less is saved.
    await page.getByTestId("registration-edit").click();
    await page.waitForURL(new RegExp(`/registrations/${cuid}/edit$`));
    await hydrated(page);
    const form = page.getByTestId("edit-form");
    const boxes = form.locator('[data-testid="registration-date"][data-state="selectable"] input');
    const checked = form.locator(
      '[data-testid="registration-date"][data-state="selectable"] input:checked',
    );
    await expect(checked).toHaveCount(datesBefore);
    for (const box of await boxes.all()) await box.uncheck();
    await page.getByTestId("edit-submit").click();
    await expect(form.getByText("Choisissez au moins une date.")).toBeVisible();
    const total = await boxes.count();
    for (let index = 0; index < datesBefore - 1; index += 1) await boxes.nth(index).check();
    expect(total).toBeGreaterThanOrEqual(datesBefore);
    await page.getByTestId("edit-submit").click();
    await expect(page.getByText("Inscription modifiée.")).toBeVisible();
    await page.waitForURL(new RegExp(`/registrations/${cuid}$`));
    await expect(dates).toHaveCount(datesBefore - 1);

    // Cancelling: the message is required, then the registration is cancelled.
    await page.getByTestId("registration-cancel").click();
    await page.waitForURL(new RegExp(`/registrations/${cuid}/cancel$`));
    await hydrated(page);
    await page.getByTestId("cancel-submit").click();
    await expect(page.getByText("Ce champ est obligatoire.")).toBeVisible();
    await page.getByLabel("Message à l'organisateur").fill("Nous partons en vacances.");
    await page.getByTestId("cancel-submit").click();
    await expect(page.getByText("Inscription annulée.")).toBeVisible();
    await page.waitForURL(new RegExp(`/registrations/${cuid}$`));
    await expect(page.getByTestId("registration-cancelled")).toContainText(
      "Nous partons en vacances.",
    );
    await expect(page.getByTestId("registration-cancel")).toHaveCount(0);
    await expect(page.getByTestId("registration-edit")).toHaveCount(0);
    await expect(page.getByTestId("bank-transfer")).toHaveCount(0);

    // The list shows it cancelled (red), without a payment badge.
    await page.goto("/fr/account/registrations");
    await hydrated(page);
    await expect(card.locator('[data-badge="cancelled"]')).toHaveText("Annulée");
    await expect(card.locator('[data-badge="outstanding"]')).toHaveCount(0);

    // Its cancel page now says so, and a made-up registration is a 404.
    await page.goto(`/fr/account/registrations/${cuid}/cancel`);
    await expect(page.getByTestId("cancel-refused")).toBeVisible();
    const missing = await page.goto("/fr/account/registrations/doesnotexist0000000000000");
    expect(missing?.status()).toBe(404);
    await expectConsoleError(consoleErrors, /404/);
  });

  test("the demo parent reviews a registration that has started", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    // The Wednesday nature club of the demo history started weeks ago.
    await page.goto("/fr/account/registrations");
    await hydrated(page);
    await page.locator("a", { hasText: "Club nature du mercredi" }).first().click();
    await page.waitForURL(/\/fr\/account\/registrations\/\w+$/);
    await hydrated(page);
    const detail = page.url();
    const summary = page.getByTestId("registration-review-summary");
    // A retried attempt finds the review the first one wrote: it only edits it then.
    if ((await summary.count()) === 0) {
      // A review: score, message, public by default.
      await page.getByTestId("registration-review").click();
      await page.waitForURL(/\/review$/);
      await hydrated(page);
      // Without a score: an error on the field, nothing sent.
      await page.getByTestId("review-submit").click();
      await expect(page.getByText("Ce champ est obligatoire.")).toBeVisible();
      await expect(page.getByTestId("review-public")).toBeChecked();
      await expect(page.getByTestId("review-public")).toBeEnabled();
      await page
        .getByTestId("review-scores")
        .getByLabel(/Très bien/)
        .check();
      await page.getByLabel(/Votre message/).fill("Une super semaine, merci !");
      await page.getByTestId("review-submit").click();
      await expect(page.getByText("Merci pour votre avis !")).toBeVisible();
      await page.waitForURL(detail);
      await expect(summary).toContainText("Une super semaine, merci !");
      await expect(summary).toContainText("4 sur 5");
    }

    // Editing the review: the public switch is locked now.
    await page.getByTestId("registration-review").click();
    await page.waitForURL(/\/review$/);
    await hydrated(page);
    await expect(page.getByTestId("review-public")).toBeDisabled();
    await page
      .getByTestId("review-scores")
      .getByLabel(/Excellent/)
      .check();
    await page.getByTestId("review-submit").click();
    // The first review's toast may still be on screen: the newest one is last.
    await expect(page.getByText("Merci pour votre avis !").last()).toBeVisible();
    await page.waitForURL(detail);
    await expect(summary).toContainText("5 sur 5");
  });

  test("the registrations on a 390 px screen, in English", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await addCampRegistration(page);
    const cuid = await checkoutByTransfer(page);
    await page.goto("/en/account/registrations");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My registrations");
    const cards = page.getByTestId("registration-card");
    await expect(cards.first()).toBeVisible();
    // One column: each card fits the screen.
    const box = await cards.first().boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await page.locator(`a[href="/en/account/registrations/${cuid}"]`).click();
    await page.waitForURL(new RegExp(`/en/account/registrations/${cuid}$`));
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Payment", exact: true })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
