import { expect, hydrated, test } from "./fixtures.ts";
import { signUpNewCustomer } from "./helpers.ts";

/** YYYY-MM-DD `days` from today (UTC: the demo's slots run for 14 days from tomorrow). */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test.describe("resource bookings", () => {
  test("a parent books a court for two with payment split, and the friend pays their share", async ({
    browser,
  }) => {
    // The friend: a customer of their own, with a name the booking form's search finds.
    const friendName = `Partenaire${Date.now().toString(36)}`;
    const friendContext = await browser.newContext();
    const friend = await friendContext.newPage();
    await friend.setViewportSize({ width: 1280, height: 900 });
    await signUpNewCustomer(friend, "/fr", friendName);

    const parentContext = await browser.newContext();
    const page = await parentContext.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpNewCustomer(page);

    // The courts' page of a day ahead (each attempt a different day: slots taken stay taken).
    const day = dayAhead(3 + (test.info().retry % 10));
    await page.goto(`/fr/terrains?date=${day}`);
    await hydrated(page);
    const slot = page.locator('a[data-testid="schedule-item"][href*="/cart/bookings/add"]').first();
    await expect(slot).toBeVisible();
    await slot.click();
    await page.waitForURL(/\/cart\/bookings\/add\?/);
    await hydrated(page);
    await expect(page.getByTestId("booking-title")).toContainText("Réserver");

    const form = page.getByTestId("booking-panel");
    // No split before someone is added.
    await expect(form.getByTestId("booking-split")).toHaveCount(0);
    await form.getByLabel("Joueurs supplémentaires (facultatif)").fill(friendName.slice(0, 2));
    await expect(form.getByText("Tapez au moins 3 caractères.")).toBeVisible();
    await form.getByLabel("Joueurs supplémentaires (facultatif)").fill(friendName);
    const option = form.getByTestId("booking-partner-option");
    await expect(option).toHaveCount(1);
    await expect(option).toContainText(`Alix ${friendName}`);
    // Only a masked e-mail, never the address.
    await expect(option).toContainText("c•••@e•••.test");
    await option.click();
    await expect(form.getByTestId("booking-partner")).toContainText(`Alix ${friendName}`);
    await form.getByTestId("booking-split").getByRole("checkbox").check();
    await form.getByTestId("add-to-cart-submit").click();

    // The cart holds the booking at the parent's share.
    const item = page.locator('[data-testid="cart-item"][data-type="BOOKING"]');
    await expect(item).toBeVisible();
    await expect(item).toContainText(`Avec Alix ${friendName}`);
    await expect(item).toContainText("Chacun paie sa part");

    await page.goto("/fr/checkout");
    await hydrated(page);
    await page.getByTestId("checkout-terms").check();
    await page.getByTestId("checkout-submit").click();
    await page.waitForURL(/\/fr\/checkout\/[^/]+\/success$/);
    await expect(page.getByTestId("success-booking")).toContainText(`Avec Alix ${friendName}`);

    // The friend owes their share and pays it online from their own account.
    await friend.goto("/fr/account/bookings");
    await hydrated(friend);
    await friend.locator('a[href^="/fr/account/bookings/"]').first().click();
    await friend.waitForURL(/\/fr\/account\/bookings\/[^/]+$/);
    await hydrated(friend);
    const path = new URL(friend.url()).pathname;
    await friend.getByTestId("online-payment").click();
    await friend.waitForURL(/\/payments\/test\/[^/?#]+$/);
    await friend.getByRole("button", { name: "Payer" }).click();
    await friend.waitForURL((url) => url.pathname === path);
    await hydrated(friend);
    await expect(friend.getByTestId("payment-return")).toHaveAttribute("data-status", "paid");
    await expect(friend.getByTestId("payment-badge")).toHaveAttribute("data-kind", "complete");
    await expect(friend.getByTestId("online-payment")).toHaveCount(0);

    await friendContext.close();
    await parentContext.close();
  });
});
