import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin, signUpNewCustomer } from "./helpers.ts";

// Booking rules (issue 15 §3; docs/decisions/0071-booking-configurations.md): the demo's tennis
// courts, grouped on the courts' page, let a customer cancel from the account until 24 hours
// before; once staff move the deadline past the booking's time, the account says why it can no
// longer be cancelled and offers no button.

/** YYYY-MM-DD `days` from today in the demo's zone. */
function dayAhead(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(at);
}

/** Books the first free court slot of `day` and checks out by transfer; opens the booking. */
async function bookACourt(page: Page, day: string): Promise<void> {
  await page.goto(`/fr/terrains?date=${day}`);
  await hydrated(page);
  await expect(
    page.getByRole("heading", { level: 3, name: "Terrains de tennis" }).first(),
  ).toBeVisible();
  const slot = page.locator('a[data-testid="schedule-item"][href*="/cart/bookings/add"]').first();
  await slot.click();
  await page.waitForURL(/\/cart\/bookings\/add\?/);
  await hydrated(page);
  await page.getByTestId("booking-panel").getByTestId("add-to-cart-submit").click();
  await expect(page.locator('[data-testid="cart-item"][data-type="BOOKING"]')).toBeVisible();
  await page.goto("/fr/checkout");
  await hydrated(page);
  await page.getByTestId("checkout-terms").check();
  await page.getByTestId("checkout-submit").click();
  await page.waitForURL(/\/fr\/checkout\/[^/]+\/success$/);
  await page.goto("/fr/account/bookings");
  await hydrated(page);
  await page.locator('a[href^="/fr/account/bookings/"]').first().click();
  await page.waitForURL(/\/fr\/account\/bookings\/[^/]+$/);
  await hydrated(page);
}

/** Sets the demo courts' cancellation deadline in the console's booking rules editor. */
async function setCancellationHours(staff: Page, hours: string): Promise<void> {
  await staff.goto(`${consoleOrigin}/admin/resources/configurations`);
  await hydrated(staff);
  await staff.getByRole("link", { name: "Terrains : membres et visiteurs" }).click();
  await staff.waitForURL(/\/admin\/resources\/configurations\/[a-z0-9]+$/);
  await hydrated(staff);
  await staff.getByTestId("booking-configuration-cancellation").fill(hours);
  await staff.getByTestId("booking-configuration-save").click();
  await expect(staff.getByText("Règles enregistrées.")).toBeVisible();
}

test("a customer cancels a court booking before the deadline; after it the account says why not", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpNewCustomer(page);

  // Within the deadline: the account offers the cancellation, with the refund, and does it.
  await bookACourt(page, dayAhead(4 + (test.info().retry % 5)));
  const cancel = page.getByTestId("booking-cancel");
  await expect(cancel).toContainText("Vous pouvez l'annuler jusqu'au");
  await cancel.getByTestId("booking-cancel-action").click();
  await cancel.getByTestId("booking-cancel-submit").click();
  await expect(page.getByText("Réservation annulée.")).toBeVisible();
  await expect(page.getByTestId("booking-cancel")).toHaveCount(0);
  await expect(page.getByText("Annulée").first()).toBeVisible();

  // Staff move the deadline beyond the next booking's time: no button, and the reason.
  await bookACourt(page, dayAhead(3 + (test.info().retry % 5)));
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(staff);
  await setCancellationHours(staff, "720");
  try {
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("booking-cancel-action")).toHaveCount(0);
    await expect(page.getByTestId("booking-cancel-unavailable")).toContainText(
      "Le délai d'annulation est passé",
    );
  } finally {
    await setCancellationHours(staff, "24");
  }
  await staffContext.close();
  await context.close();
});
