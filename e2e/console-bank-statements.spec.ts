import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

// Issue 12 in the console: a statement that does not add up is imported with a visible warning,
// its doubtful lines kept for review with their exact amounts; a CODA file of batch payments is
// booked one level per total and shown as adding up — in French and in English.

const corpus = (name: string) => ({
  name,
  mimeType: "application/octet-stream",
  buffer: readFileSync(
    path.join(import.meta.dirname, "../packages/domain/test/fixtures/corpus", name),
  ),
});

async function importFile(page: Page, name: string) {
  await page.goto(`${consoleOrigin}/admin/payments/import`);
  await hydrated(page);
  await page.getByTestId("statement-file").setInputFiles(corpus(name));
  await expect(page.getByTestId("import-result")).toBeVisible();
}

test("a statement that does not add up is flagged, its doubtful line kept for review", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  await importFile(page, "camt053-v04-invalid-iban.xml");
  await expect(page.getByTestId("import-imported")).toHaveText("2");
  await expect(page.getByTestId("import-review")).toHaveText("1");
  const checks = page.getByTestId("statement-checks");
  await expect(checks.getByRole("alert")).toContainText("les lignes ne concordent pas");
  await expect(checks.getByRole("alert")).toContainText("-10,00");
  await expect(checks.getByTestId("statement-warnings")).toContainText("Stmt 1 Acct/Id/IBAN");
  const review = page.getByTestId("statement-lines").getByRole("row").filter({
    hasText: "À vérifier",
  });
  await expect(review).toHaveCount(1);
  await expect(review.getByTestId("line-amount")).toHaveText(/20,005/);

  // The list of statements shows the check at a glance, and the statement page the details.
  await page.goto(`${consoleOrigin}/admin/payments/statements`);
  await hydrated(page);
  const row = page.getByTestId("statements-table").getByRole("row").filter({
    hasText: "camt053-v04-invalid-iban.xml",
  });
  await expect(row).toContainText("Soldes discordants");
  await expect(row).toContainText("2 avertissements");
  await row.getByRole("link", { name: "camt053-v04-invalid-iban.xml" }).click();
  await expect(page.getByTestId("balance-check")).toContainText("écart de -10,00");
});

test("a CODA file of batch payments adds up, in English", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  // the demo owner works for both demo organisers: the English one speaks English
  await page.getByTestId("organiser-switcher").click();
  await page.getByRole("menuitemradio", { checked: false }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await importFile(page, "coda-batch-globalisation.cod");
  await expect(page.getByTestId("import-imported")).toHaveText("9");
  await expect(page.getByTestId("balance-check")).toContainText("the lines add up");
  // the file is in euros: its lines say so, whatever the organiser's own currency (pounds)
  await expect(page.getByTestId("line-amount").first()).toContainText("€");
  await expect(page.getByTestId("line-amount").filter({ hasText: "£" })).toHaveCount(0);
  const review = page.getByTestId("statement-lines").getByRole("row").filter({
    hasText: "To review",
  });
  await expect(review.getByTestId("line-amount")).toHaveText(/1\.005/);
});
