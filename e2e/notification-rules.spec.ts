import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin, seriousViolations } from "./helpers.ts";

/**
 * The organiser opens Communication › Rules from the sidebar, finds the default confirmation
 * and the demo reminder, and writes a rule of its own: a reminder two days before the first
 * day, for the camps' category only, with the dates' calendar attached. The rule is deleted at
 * the end.
 */
test("an organiser writes a reminder rule two days before the first day, with the calendar", async ({
  page,
}) => {
  const name = `Rappel J-2 ${Date.now()}`;
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin`);
  await hydrated(page);
  await page.getByRole("link", { name: "Règles" }).first().click();
  await expect(page).toHaveURL(/\/admin\/notifications\/rules$/);
  const table = page.getByTestId("rules-table");
  await expect(table).toContainText("Par défaut");
  await expect(table).toContainText("Rappel 24 h avant le premier jour");
  await expect(table).toContainText("24 heures avant le premier jour");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId("new-rule").click();
  await hydrated(page);
  await page.getByTestId("rule-name").fill(name);
  await page.getByTestId("rule-trigger").selectOption("registration.created");
  await page.getByTestId("rule-delay-amount").fill("2");
  await page.getByTestId("rule-delay-unit").selectOption("days");
  await page.getByTestId("rule-delay-type").selectOption("BEFORE_AVAILABILITY");
  await page.getByTestId("rule-ics").check();
  const stages = page
    .getByTestId("rule-categories")
    .getByRole("checkbox", { name: "Type d'activité › Stages" });
  await stages.check();
  await page
    .getByTestId("rule-title")
    .fill("Dans deux jours : {{ registrations[0].activity.title }}");
  await page.getByRole("textbox", { name: "Contenu" }).click();
  await page.keyboard.type("À très bientôt !");
  await page.getByTestId("save-rule").click();
  await expect(page.getByText("Règle créée.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/notifications\/rules\/(?!new$)[a-z0-9]+$/);
  const cuid = page.url().split("/").pop()!;
  try {
    await expect(page.getByTestId("rule-ics")).toBeChecked();
    await page.reload();
    await hydrated(page);
    await expect(stages).toBeChecked();
    await page.getByRole("link", { name: "Règles" }).first().click();
    const row = page.getByTestId("rules-table").getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("2 jours avant le premier jour");
    await expect(row).toContainText("Active");
  } finally {
    await consoleApi(page, "DELETE", `/api/admin/notification-rules/${cuid}`);
  }
});

/**
 * The default rule (the order confirmation) opens with every field of a rule, its trigger and
 * recipients fixed; turning it off warns that customers would get no confirmation. Nothing is
 * saved, so the other tests still get their confirmation.
 */
test("the default rule shows its fields, trigger and recipients fixed, and warns when turned off", async ({
  page,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/notifications/rules`);
  await hydrated(page);
  await page
    .getByTestId("rules-table")
    .getByRole("link")
    .filter({ hasText: "Par défaut" })
    .first()
    .click();
  await hydrated(page);
  await expect(page.getByText("Règle par défaut : la confirmation de commande")).toBeVisible();
  await expect(page.getByTestId("rule-trigger")).toBeDisabled();
  await expect(page.getByTestId("rule-recipient-type")).toBeDisabled();
  await expect(page.getByTestId("rule-delay-amount")).toBeEnabled();
  await expect(page.getByTestId("rule-ics")).toBeEnabled();
  await expect(page.getByTestId("rule-template")).toHaveValue("key:cart-confirmation");
  await expect(page.getByTestId("rule-default-inactive")).toHaveCount(0);
  await page.getByTestId("rule-active").uncheck();
  await expect(page.getByTestId("rule-default-inactive")).toContainText(
    "aucune confirmation de commande",
  );
  expect(await seriousViolations(page)).toEqual([]);
});
