import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

// Payment reminders (decision 0077): staff set the schedule, send a reminder by hand from the
// outstanding list and find it in the item's history with its delivery in the log.

test("staff set the reminder schedule, send a reminder from the outstanding list and see it in the history", async ({
  page,
  consoleErrors,
}) => {
  await consoleLogin(page);

  await page.goto(`${consoleOrigin}/admin/settings/reminders`);
  await hydrated(page);
  const form = page.getByTestId("reminder-settings-form");
  await form.getByLabel("Envoyer les rappels").check();
  await form.getByLabel(/Rappels, en jours/).fill("7, 3");
  await page.getByTestId("reminder-settings-form-save").click();
  await expect(form.getByText("Valeur trop petite.")).toBeVisible();
  await form.getByLabel(/Rappels, en jours/).fill("7, 21");
  await form.getByLabel(/Marquer en retard/).fill("30");
  await page.getByTestId("reminder-settings-form-save").click();
  await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(
    page.getByTestId("reminder-settings-form").getByLabel(/Rappels, en jours/),
  ).toHaveValue("7, 21");

  await page.goto(`${consoleOrigin}/admin/payments/outstanding?type=CART`);
  await hydrated(page);
  const row = page
    .getByTestId("outstanding-table")
    .getByRole("row")
    .filter({ has: page.getByTestId("send-reminder") })
    .first();
  await expect(row.getByTestId("reminder-state")).toBeVisible();
  await row.getByTestId("send-reminder").click();
  await expect(page.getByText(/Rappel n° \d+ envoyé\./)).toBeVisible();
  // Counted on the row at once; a second click within minutes is refused.
  await expect(row.getByTestId("reminder-state")).toContainText(/rappels? envoyés?/);
  await row.getByTestId("send-reminder").click();
  await expect(page.getByText("Un rappel vient d'être envoyé pour cet élément")).toBeVisible();
  await expectConsoleError(consoleErrors, /409/);

  await row.getByTestId("reminder-history-link").click();
  await page.waitForURL(/\/admin\/payments\/outstanding\/CART\/[a-z0-9]+\/reminders$/);
  await hydrated(page);
  const history = page.getByTestId("reminder-history");
  const last = history.getByRole("row").last();
  await expect(last).toContainText(/n° \d+/);
  // The by-hand reminder names who sent it; its e-mail reaches the log within seconds.
  await expect(last).not.toContainText("Calendrier");
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByTestId("reminder-history").getByRole("row").last().getByRole("link"),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId("reminder-history").getByRole("row").last().getByRole("link").click();
  await page.waitForURL(/\/admin\/notifications\/messages\/[a-z0-9]+$/);
  await expect(page.getByText(/Rappel de paiement/).first()).toBeVisible();
});
