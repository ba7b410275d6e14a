import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin, port } from "./helpers.ts";

/**
 * The unpaid orders' rule set in the console, the job run at a later hour against this test
 * server's database, then staff restore the automatic cancellation from the registration's page
 * (decision 0088).
 */

/** Runs the job as it would run `hours` from now. */
function runJobIn(hours: number): { unpaid: number; insufficient: number } {
  const dataDir = readFileSync(path.join(tmpdir(), `booking-e2e-${port}.datadir`), "utf8").trim();
  const output = execFileSync(
    process.execPath,
    ["e2e/automatic-cancellations-run.ts", String(hours)],
    {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn" },
      encoding: "utf8",
    },
  );
  return JSON.parse(output.trim().split("\n").at(-1)!);
}

test("staff set the unpaid orders' delay, the job cancels an unpaid registration, staff restore it", async ({
  page,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/settings/cancellations`);
  await hydrated(page);
  const form = page.getByTestId("unpaid-rule-form");
  await form.getByLabel(/annuler automatiquement/i).check();
  await form.getByLabel(/délai/i).fill("2");
  await form.getByRole("button", { name: /enregistrer/i }).click();
  await expect(page.getByText("Paramètres enregistrés").last()).toBeVisible();

  // An unpaid registration made by hand (Emma Lambert, at a price set by hand, paid nothing).
  await page.goto(`${consoleOrigin}/admin/registrations/new`);
  await hydrated(page);
  await page.getByPlaceholder(/nom du client|customer or participant/i).fill("Lambert");
  await page.keyboard.press("Enter");
  await page.getByTestId("customer-choices").getByRole("link", { name: "Emma Lambert" }).click();
  await expect(page.getByTestId("chosen").first()).toHaveText("Emma Lambert (Julien Lambert)");
  await page.getByPlaceholder(/activité|activity/i).fill("Danse");
  await page.keyboard.press("Enter");
  const choices = page.getByTestId("availability-choices").getByRole("link");
  await expect(choices.first()).toBeVisible();
  await choices.last().click();
  const byHand = page.getByTestId("by-hand-form");
  await expect(byHand).toBeVisible();
  await hydrated(page);
  await byHand.getByLabel(/fixer le prix|set the price/i).check();
  await byHand.getByLabel(/prix de la place|price of the place/i).fill("95");
  await page.getByTestId("confirm-registration").click();
  await page.waitForURL(/\/admin\/registrations\/[a-z0-9]+$/);
  const created = { cuid: new URL(page.url()).pathname.split("/").at(-1)! };

  // Three hours later the job finds it below its deposit and cancels it.
  expect(runJobIn(3).unpaid).toBeGreaterThan(0);

  await page.goto(`${consoleOrigin}/admin/registrations/${created.cuid}`);
  await hydrated(page);
  await expect(page.getByText(/annulée automatiquement/i)).toBeVisible();
  await page.getByTestId("restore-registration").click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^rétablir$/i })
    .click();
  await expect(page.getByText("Inscription rétablie").last()).toBeVisible();
  await expect(page.getByTestId("restore-registration")).toHaveCount(0);
  await expect(page.getByTestId("cancel-registration")).toBeVisible();
});
