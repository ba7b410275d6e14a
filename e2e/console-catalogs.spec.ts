import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin, origin } from "./helpers.ts";

const CAMP = "Stage Robotique & Code";
const CLASSES = "Cours de l'année";

/** Ticks or unticks the camp in the catalog's dialog and saves. */
async function setCampIn(page: Page, catalog: string, held: boolean): Promise<void> {
  await page
    .getByTestId("catalogs-table")
    .getByRole("button", { name: new RegExp(`^Modifier\\s*${catalog}$`) })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("checkbox", { name: CAMP }).setChecked(held);
  await dialog.getByTestId("save-catalog").click();
  await expect(dialog).toBeHidden();
}

/** The activities grid of the demo's « Cours hebdomadaires » page, filtered by its catalog. */
async function classesPageShowsCamp(page: Page): Promise<boolean> {
  await page.goto(`${origin}/cours`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Cours hebdomadaires");
  return (await page.getByRole("link", { name: CAMP }).count()) > 0;
}

test("staff create a catalog, and the storefront's catalog filter follows their edits", async ({
  page,
  browser,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/catalogs`);
  await hydrated(page);

  const name = `Ateliers du mercredi ${Date.now()}`;
  await page.getByTestId("new-catalog").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("catalog-name").fill(name);
  await dialog.getByRole("checkbox", { name: CAMP }).check();
  await dialog.getByTestId("save-catalog").click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("catalogs-table").getByRole("row").filter({ hasText: name });
  await expect(row).toContainText(CAMP);

  // The demo's classes page lists the « Cours de l'année » catalog: the camp joins it, then leaves.
  const visitor = await browser.newPage();
  expect(await classesPageShowsCamp(visitor)).toBe(false);
  await setCampIn(page, CLASSES, true);
  expect(await classesPageShowsCamp(visitor)).toBe(true);
  await setCampIn(page, CLASSES, false);
  expect(await classesPageShowsCamp(visitor)).toBe(false);
  await visitor.close();
});

test("staff add a holiday period, see it listed in calendar order and delete it", async ({
  page,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/calendar-periods`);
  await hydrated(page);
  const name = `Congé de printemps ${Date.now()}`;
  await page.getByTestId("new-calendar-period").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("calendar-period-name").fill(name);
  await dialog.getByLabel("Premier jour").fill("2031-04-07");
  await dialog.getByLabel("Dernier jour (inclus)").fill("2031-04-18");
  await dialog.getByTestId("save-calendar-period").click();
  await expect(dialog).toBeHidden();
  const rows = page.getByTestId("calendar-periods-table").getByRole("row");
  const row = rows.filter({ hasText: name });
  await expect(row).toContainText("7 avr. 2031");
  // The furthest period in the future comes last.
  await expect(rows.last()).toContainText(name);

  await row.getByTestId("delete-item").click();
  await page.getByTestId("confirm-action").click();
  await expect(row).toHaveCount(0);
});

test("staff put a catalog's last activity first, and the site's grid of that catalog follows", async ({
  page,
  browser,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/catalogs`);
  await hydrated(page);
  await page
    .getByTestId("catalogs-table")
    .getByRole("button", { name: new RegExp(`^Modifier\\s*${CLASSES}$`) })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  const order = dialog.getByTestId("catalog-activity-order").getByRole("listitem");
  const count = await order.count();
  expect(count).toBeGreaterThan(1);
  const title =
    (await order
      .nth(count - 1)
      .locator("span")
      .nth(1)
      .textContent()) ?? "";
  const former = (await order.nth(0).locator("span").nth(1).textContent()) ?? "";
  for (let step = 0; step < count - 1; step++) {
    await dialog.getByRole("button", { name: `Monter ${title}` }).click();
  }
  await expect(order.nth(0)).toContainText(title);
  await dialog.getByTestId("save-catalog").click();
  await expect(dialog).toBeHidden();

  const visitor = await browser.newPage();
  await visitor.goto(`${origin}/cours`);
  const moved = await visitor.getByRole("link", { name: title }).first().boundingBox();
  const before = await visitor.getByRole("link", { name: former }).first().boundingBox();
  expect(moved && before && moved.y <= before.y && (moved.y < before.y || moved.x < before.x)).toBe(
    true,
  );
  await visitor.close();
});
