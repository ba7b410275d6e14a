import { expect, hydrated, test } from "./fixtures.ts";
import { login, signUpNewCustomer } from "./helpers.ts";

// Orders made by booking and registration-request checkouts (decision 0079), and the booking
// form's participants: another customer's participant appears only through the explicit search.

test.describe("booking and request orders", () => {
  test("the demo parent's orders name the court and the request, each line leading to it; the cancelled booking owes nothing", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    await page.goto("/fr/account/carts");
    await hydrated(page);
    const cards = page.getByTestId("cart-card");
    // The cancelled booking's order: the court is named, nothing is owed.
    const cancelled = cards.filter({ hasText: "Terrain de tennis 1 (Léa Dubois)" });
    await expect(cancelled).toHaveCount(1);
    await expect(cancelled).not.toContainText("à payer");
    await cancelled.click();
    await page.waitForURL(/\/fr\/account\/carts\/[^/]+$/);
    await hydrated(page);
    const line = page.getByTestId("order-line");
    await expect(line).toHaveCount(1);
    await expect(line).toContainText("Terrain de tennis 1");
    await expect(line.getByTestId("booking-status")).toHaveAttribute("data-status", "CANCELLED");
    await expect(page.getByTestId("payment-badge")).toHaveCount(0);
    await expect(page.getByText("à payer")).toHaveCount(0);
    await line.click();
    await page.waitForURL(/\/fr\/account\/bookings\/[^/]+$/);

    // The split booking's order: the booker's share, paid or owed on the booking, is shown once.
    await page.goto("/fr/account/carts");
    await hydrated(page);
    const split = cards.filter({ hasText: "Terrain de tennis 1 (Hugo Dubois)" });
    await split.click();
    await page.waitForURL(/\/fr\/account\/carts\/[^/]+$/);
    await hydrated(page);
    await expect(page.getByTestId("order-line")).toContainText("Avec Noah");
    await expect(page.getByTestId("order-line")).toContainText("Votre part");

    // A request's order (nothing to pay: the approval makes its own order): the request with its
    // status, leading to it.
    await page.goto("/fr/account/carts");
    await hydrated(page);
    await cards
      .filter({ hasText: "Cours de natation" })
      .filter({ hasNotText: "à payer" })
      .first()
      .click();
    await page.waitForURL(/\/fr\/account\/carts\/[^/]+$/);
    await hydrated(page);
    const request = page.getByTestId("order-line").first();
    await expect(request.getByTestId("request-status")).toBeVisible();
    await request.click();
    await page.waitForURL(/\/fr\/account\/registrations-requests\/[^/]+$/);
  });

  test("a new customer's booking form lists their own participants only; the demo parent's show up only through the search of 3 characters", async ({
    browser,
  }) => {
    // The demo parent opens a booking form first (a render other customers could share).
    const parentContext = await browser.newContext();
    const parent = await parentContext.newPage();
    await login(parent);
    const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    await parent.goto(`/fr/terrains?date=${day}`);
    await hydrated(parent);
    await parent
      .locator('a[data-testid="schedule-item"][href*="/cart/bookings/add"]')
      .first()
      .click();
    await parent.waitForURL(/\/cart\/bookings\/add\?/);
    await hydrated(parent);
    await expect(parent.getByTestId("booking-panel")).toContainText("Léa Dubois");
    const formPath = new URL(parent.url()).pathname + new URL(parent.url()).search;

    const newcomerContext = await browser.newContext();
    const page = await newcomerContext.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpNewCustomer(page);
    await page.goto(formPath);
    await hydrated(page);
    const form = page.getByTestId("booking-panel");
    await expect(form).toBeVisible();
    await expect(form).not.toContainText("Léa Dubois");
    await expect(form).not.toContainText("Hugo Dubois");
    await expect(page.getByText("Léa Dubois")).toHaveCount(0);
    const search = form.getByLabel("Joueurs supplémentaires (facultatif)");
    await search.fill("Lé");
    await expect(form.getByText("Tapez au moins 3 caractères.")).toBeVisible();
    await expect(form.getByTestId("booking-partner-option")).toHaveCount(0);
    await search.fill("Léa");
    const option = form.getByTestId("booking-partner-option").filter({ hasText: "Léa Dubois" });
    await expect(option).toHaveCount(1);
    // Only a masked e-mail, never the address.
    await expect(option).toContainText("p•••@d•••.test");
    await newcomerContext.close();
    await parentContext.close();
  });
});
