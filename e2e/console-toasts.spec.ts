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

for (const width of [390, 1280]) {
  test(`at ${width} px the console's toast never covers the save button it answers`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await consoleLogin(page);
    await page.goto(`${consoleOrigin}/admin/settings/preferences`);
    await hydrated(page);
    const save = page.getByTestId("preferences-form-save");
    await save.scrollIntoViewIfNeeded();
    await save.click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Paramètres enregistrés" });
    await expect(toast).toBeVisible();
    expect(await overlaps(toast, save)).toBe(false);
    // Top right, under nothing the form needs: the toaster sits at the top of the window.
    expect((await toast.boundingBox())!.y).toBeLessThan(200);
  });
}
