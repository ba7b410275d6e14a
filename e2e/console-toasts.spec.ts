import type { Locator } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return !(
    boxA.x + boxA.width <= boxB.x ||
    boxB.x + boxB.width <= boxA.x ||
    boxA.y + boxA.height <= boxB.y ||
    boxB.y + boxB.height <= boxA.y
  );
}

// The console's toasts (decisions 0037 and 0070) must leave free what a person may want next: the
// page header's actions (Publish, Delete…) and the sticky save bar's button.
for (const width of [390, 1280]) {
  test(`at ${width} px the console's toast covers neither the header's actions nor the save bar`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await consoleLogin(page);
    await page.goto(`${consoleOrigin}/admin/activities`);
    await page
      .locator('main a[href^="/admin/activities/"]:not([href="/admin/activities/new"])')
      .first()
      .click();
    await page.waitForURL(/\/admin\/activities\/(?!new)[^/?]+/);
    await hydrated(page);

    const save = page.getByTestId("save-activity");
    await save.click();
    const toast = page.locator("[data-sonner-toast]").first();
    await expect(toast).toBeVisible();
    // While the pointer rests on it (sonner then keeps it and unfolds the stack).
    await toast.hover();

    const actions = page.locator("main header").first().locator("a, button");
    expect(await actions.count()).toBeGreaterThan(0);
    for (const action of await actions.all()) {
      if (await action.isVisible()) expect(await overlaps(toast, action)).toBe(false);
    }
    expect(await overlaps(toast, save)).toBe(false);

    // A header action takes the click at once, with the toast still shown (the delete button
    // opens its confirmation, which is left unconfirmed).
    await page.getByTestId("publish-activity").or(page.getByTestId("unpublish-activity")).hover();
    await expect(toast).toBeVisible();
    await actions.and(page.getByTestId("delete-item")).click({ timeout: 2_000 });
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await save.click({ timeout: 2_000 });
  });
}
