import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin, origin } from "./helpers.ts";

test("the owner generates weekly availabilities for a demo activity and sees the dates on the storefront", async ({
  page,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/availabilities`);
  await hydrated(page);
  await page.getByTestId("new-availability").click();
  await page.waitForURL(/\/admin\/availabilities\/new$/);
  await hydrated(page);

  await page
    .getByTestId("availability-activity")
    .selectOption({ label: "Club nature du mercredi" });
  // The activity's defaults fill the prices and places.
  await expect(page.getByTestId("availability-price")).toHaveValue("180,00");
  await expect(page.getByTestId("availability-capacity")).toHaveValue("16");

  // Every Wednesday 14:00–16:00 from September to mid-December 2027, across the end of summer
  // time (31 October), skipping the All Saints' holidays.
  await page.getByTestId("schedule-from").fill("2027-09-01");
  await page.getByTestId("schedule-to").fill("2027-12-15");
  await page.locator("label", { has: page.getByTestId("schedule-weekday-3") }).click();
  await page.getByTestId("schedule-slot-0-start").fill("14:00");
  await page.getByTestId("schedule-slot-0-end").fill("16:00");
  await page.getByTestId("schedule-add-holiday").click();
  await page.getByTestId("schedule-holiday-0-from").fill("2027-10-23");
  await page.getByTestId("schedule-holiday-0-to").fill("2027-11-07");

  // 16 Wednesdays, two of them in the holidays.
  const preview = page.getByTestId("schedule-preview");
  await expect(preview.getByTestId("preview-count")).toHaveText("14 dates");
  await expect(preview.getByTestId("preview-skipped")).toContainText("2 jours");
  await expect(preview.getByRole("listitem")).toHaveCount(14);

  await page.getByTestId("create-availability").click();
  await page.waitForURL(/\/admin\/availabilities\/(?!new)[a-z0-9]+$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Club nature du mercredi");
  const dates = page.getByTestId("dates-table").locator("tbody tr");
  await expect(dates).toHaveCount(14);
  await expect(dates.filter({ hasText: "14:00–16:00" })).toHaveCount(14);
  const cuid = new URL(page.url()).pathname.split("/").at(-1);

  // The storefront lists the same dates, at 14:00 before and after the change of time.
  await page.goto(`${origin}/fr/availabilities/${cuid}`);
  await expect(page.getByTestId("availability-title")).toHaveText("Club nature du mercredi");
  const listed = page.getByTestId("availability-dates-list").getByRole("listitem");
  await expect(listed).toHaveCount(14);
  await expect(listed.filter({ hasText: "14:00–16:00" })).toHaveCount(14);
  await expect(listed.first()).toContainText("1 sept.");
  await expect(listed.last()).toContainText("15 déc.");
  await expect(listed.filter({ hasText: "27 oct." })).toHaveCount(0);
});
