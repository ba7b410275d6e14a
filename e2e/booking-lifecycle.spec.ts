import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin, login } from "./helpers.ts";

// A booking's life after checkout (docs/decisions/0072): staff book two courts for the demo
// parent and cancel one with a refund; the parent's account shows it cancelled with the refund,
// and the other's share with the bank transfer to make; the console's outstanding list shows that
// share beside the orders, linked to the resource's day.

const SHOTS = process.env.BOOKING_SHOTS;

test("a cancelled booking stays in the account; a share owed is paid by transfer and listed as outstanding", async ({
  page,
}) => {
  await consoleLogin(page);
  const resource = await consoleApi(page, "POST", "/api/admin/resources", {
    name: `Court ${Date.now().toString(36)}`,
    description: "",
    booking_days_ahead: 14,
    opening_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: "09:00",
      end: "12:00",
      prices: [{ duration: 3600, amount: 1_500 }],
    })),
  });
  const found = await consoleApi(page, "GET", "/api/admin/customers?q=parent%40demo.test");
  const customer = found.data[0].cuid as string;
  const detail = await consoleApi(page, "GET", `/api/admin/customers/${customer}`);
  const participant = detail.participants[0].cuid as string;
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(
    new Date(Date.now() + 3 * 86_400_000),
  );
  const book = async (hour: string) => {
    const start = new Date(`${day}T${hour}:00+01:00`);
    return consoleApi(page, "POST", `/api/admin/resources/${resource.cuid}/bookings`, {
      customer,
      participant,
      start_at: start.toISOString(),
      end_at: new Date(start.getTime() + 3_600_000).toISOString(),
    });
  };
  const kept = await book("09");
  const cancelled = await book("10");
  await consoleApi(page, "POST", `/api/admin/bookings/${cancelled.cuid}/cancel`, { refund: true });

  await login(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const language of ["fr", "en"]) {
      await page.goto(`/${language}/account/bookings/${cancelled.cuid}`);
      await hydrated(page);
      await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "CANCELLED");
      if (SHOTS)
        await page.screenshot({
          path: `${SHOTS}/cancelled-${language}-${width}.png`,
          fullPage: true,
        });
      await page.goto(`/${language}/account/bookings/${kept.cuid}`);
      await hydrated(page);
      await expect(page.getByTestId("booking-status")).toHaveAttribute("data-status", "CONFIRMED");
      await expect(page.getByTestId("bank-transfer").first()).toBeVisible();
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/share-${language}-${width}.png`, fullPage: true });
      await page.goto(`/${language}/account/bookings`);
      await hydrated(page);
      const card = page.getByTestId("booking-card").filter({ hasText: resource.name });
      await expect(card.locator('[data-status="CANCELLED"]')).toHaveCount(1);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/list-${language}-${width}.png`, fullPage: true });
    }
  }

  // The console's outstanding list (still logged in there): the share, filtered by kind, linked
  // to the resource's day.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(
      `${consoleOrigin}/admin/payments/outstanding?type=BOOKING_PARTICIPATION&q=parent%40demo.test`,
    );
    await hydrated(page);
    const row = page
      .getByTestId("outstanding-table")
      .getByRole("row")
      .filter({ hasText: resource.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("outstanding-item")).toHaveAttribute(
      "data-type",
      "BOOKING_PARTICIPATION",
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/outstanding-${width}.png`, fullPage: true });
  }
  await page
    .getByTestId("outstanding-table")
    .getByRole("link", { name: new RegExp(resource.name) })
    .first()
    .click();
  await page.waitForURL(new RegExp(`/admin/resources\\?resource=${resource.cuid}`));
});
