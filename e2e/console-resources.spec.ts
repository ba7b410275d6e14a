import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

// The console's resource editor (issue 15 §3; docs/decisions/0065-resource-console.md): staff
// create a court with opening hours and two prices, add and remove a closure, and the court's
// slots appear on the storefront's /resources/{cuid}; staff book one for a customer from the
// planning, move it to the next slot and cancel it.

/** The local day (Europe/Brussels, the demo's zone) `days` from now and its ISO weekday. */
function dayAhead(days: number): { day: string; weekday: number } {
  const at = new Date(Date.now() + days * 86_400_000);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(at);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay() || 7;
  return { day, weekday };
}

test("staff create a resource with hours and prices; its slots are on the storefront", async ({
  page,
}) => {
  const name = `Court ${Date.now().toString(36)}`;
  const { day, weekday } = dayAhead(2);
  await consoleLogin(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${consoleOrigin}/admin/resources`);
  await hydrated(page);
  await page.getByTestId("new-resource").click();
  await page.waitForURL(/\/admin\/resources\/new$/);
  await hydrated(page);

  await page.getByTestId("resource-name").fill(name);
  await page.getByTestId("resource-days-ahead").fill("14");
  const period = page.getByTestId("hours-row").first();
  await period.getByTestId("hours-weekday").selectOption(String(weekday));
  await period.getByTestId("hours-start").fill("10:00");
  await period.getByTestId("hours-end").fill("12:00");
  await period.getByTestId("price-amount").first().fill("12,00");
  await period.getByTestId("add-price").click();
  await period.getByTestId("price-minutes").nth(1).fill("120");
  await period.getByTestId("price-amount").nth(1).fill("20,00");
  await page.getByTestId("resource-save").click();
  await page.waitForURL(/\/admin\/resources\/[a-z0-9]+\/edit$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText(/créneaux? réservables? à venir/)).toBeVisible();
  const cuid = /resources\/([a-z0-9]+)\/edit/.exec(page.url())![1]!;

  // A closure far ahead, listed, then removed.
  await page.getByTestId("closure-start").fill("2030-06-01T08:00");
  await page.getByTestId("closure-end").fill("2030-06-02T20:00");
  await page.getByTestId("closure-add").click();
  await expect(page.getByTestId("closure")).toHaveCount(1);
  await page.getByTestId("closure").getByRole("button", { name: "Retirer" }).click();
  await expect(page.getByTestId("closure")).toHaveCount(0);

  // The storefront's resource page offers the day's two one-hour slots at 12,00 €.
  await page.goto(`/fr/resources/${cuid}?date=${day}`);
  await hydrated(page);
  const slots = page.locator('[data-testid="resource-schedule"] a[href*="/cart/bookings/add"]');
  await expect(slots).toHaveCount(2);
  await expect(slots.first()).toContainText("10:00");
  await expect(slots.nth(1)).toContainText("11:00");

  // Back in the console, staff book the 10:00 slot for the demo parent's child, then cancel it.
  await page.goto(`${consoleOrigin}/admin/resources?resource=${cuid}&from=${day}&days=1`);
  await hydrated(page);
  await expect(page.getByTestId("book-slot")).toHaveCount(2);
  await page.getByTestId("book-slot").first().click();
  await page.waitForURL(/\/book\?/);
  await hydrated(page);
  await page.getByTestId("customer-search").fill("parent@demo.test");
  await page.getByTestId("customer-search").press("Enter");
  await page.getByTestId("customer-choices").getByRole("link").first().click();
  await expect(page.getByTestId("chosen")).toBeVisible();
  await expect(page.getByTestId("staff-booking-amount")).toHaveValue("12,00");
  await page.getByTestId("staff-booking-save").click();
  await page.waitForURL(/\/admin\/resources\?/);
  await hydrated(page);
  await expect(page.getByTestId("planning-booking")).toHaveCount(1);
  await expect(page.getByTestId("book-slot")).toHaveCount(1);
  // Moved to 11:00: the 10:00 slot is free again.
  await page.getByTestId("move-booking").click();
  await page.getByTestId("move-slot").selectOption({ index: 1 });
  await page.getByTestId("confirm-move-booking").click();
  await expect(page.getByTestId("planning-booking")).toContainText("11:00");
  await expect(page.getByTestId("book-slot")).toHaveCount(1);
  await page.getByTestId("cancel-booking").click();
  await page.getByTestId("confirm-cancel-booking").click();
  await expect(page.getByTestId("planning-booking")).toHaveCount(0);
  await expect(page.getByTestId("book-slot")).toHaveCount(2);
});
