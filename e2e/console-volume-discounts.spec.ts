import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

// Volume discounts in the console (issue 17 §4, decision 0092): staff add a discount from a
// threshold, are told when another active one has it, and delete it.

test("staff add a volume discount, meet the threshold rule and delete it", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/volume-discounts`);
  await hydrated(page);
  const table = page.getByTestId("volume-discounts-table");
  await expect(table).toContainText("À partir de 3 inscriptions");

  await page.getByTestId("new-volume-discount").click();
  await page.getByTestId("volume-discount-threshold").fill("3");
  await page.getByTestId("volume-discount-percentage").fill("12");
  await page.getByTestId("save-volume-discount").click();
  await expect(page.getByText("Une autre remise active a déjà ce seuil.")).toBeVisible();
  await expectConsoleError(consoleErrors, /400/);

  await page.getByTestId("volume-discount-threshold").fill("9");
  await page.getByTestId("save-volume-discount").click();
  await expect(page.getByText("Remise enregistrée")).toBeVisible();
  const row = table.getByRole("row").filter({ hasText: "À partir de 9 inscriptions" });
  await expect(row).toContainText("12 % sur chaque inscription");

  await row.getByRole("button", { name: /Supprimer/ }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Supprimer/ })
    .click();
  await expect(page.getByText("Remise supprimée")).toBeVisible();
  await expect(
    table.getByRole("row").filter({ hasText: "À partir de 9 inscriptions" }),
  ).toHaveCount(0);
});
