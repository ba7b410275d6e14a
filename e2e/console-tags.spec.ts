import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

/**
 * Tags (decision 0088): staff add a customer tag in Settings › Étiquettes, put it on a customer's
 * page, then filter the customers list by it (the filter is in the address).
 */
test("staff tag a customer and filter the customers list by the tag", async ({ page }) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/settings/tags`);
  await hydrated(page);
  const panel = page.getByTestId("tags-customers");
  await panel.getByTestId("tag-name").fill("Bénévole");
  await panel.getByTestId("tag-submit").click();
  await expect(page.getByText("Étiquette ajoutée").last()).toBeVisible();
  await expect(panel.getByText("Bénévole")).toBeVisible();

  await page.goto(`${consoleOrigin}/admin/customers?q=Lambert`);
  await hydrated(page);
  await page.getByTestId("customers-table").getByRole("link", { name: "LAMBERT Julien" }).click();
  await page.waitForURL(/\/admin\/customers\/[a-z0-9]+/);
  await hydrated(page);
  const tags = page.getByTestId("record-tags");
  await tags.getByTestId("edit-tags").click();
  await tags.getByLabel("Bénévole").check();
  await tags.getByTestId("save-tags").click();
  await expect(page.getByText("Étiquettes enregistrées").last()).toBeVisible();
  await expect(tags.getByText("Bénévole")).toBeVisible();

  await page.goto(`${consoleOrigin}/admin/customers`);
  await hydrated(page);
  await page.getByLabel("Étiquette", { exact: true }).selectOption({ label: "Bénévole" });
  await page.waitForURL(/[?&]tag=[a-z0-9]+/);
  const table = page.getByTestId("customers-table");
  await expect(table.getByRole("link", { name: "LAMBERT Julien" })).toBeVisible();
  await expect(table.getByRole("link", { name: "DUBOIS Camille" })).toHaveCount(0);
  // The address keeps the filter: a reload shows the same list.
  await page.reload();
  await expect(table.getByRole("link", { name: "LAMBERT Julien" })).toBeVisible();
});
