import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

// The console's one people search (packages/domain people-search.ts): registering by hand finds
// the demo's Léa Dubois by "lea" (no accent) and her parent by the phone typed the national way.

test("registering by hand finds a participant by part of her name without its accent, and by phone", async ({
  page,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/registrations/new`);
  await hydrated(page);
  const search = page.getByPlaceholder(/nom du client|customer or participant/i);

  await search.fill("lea");
  await page.keyboard.press("Enter");
  const choices = page.getByTestId("customer-choices");
  await expect(choices.getByRole("link", { name: "Léa Dubois" })).toBeVisible();

  await search.fill("0470 12");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=0470(\+|%20)12/);
  await expect(choices.getByRole("link", { name: "Hugo Dubois" })).toBeVisible();
  await choices.getByRole("link", { name: "Léa Dubois" }).click();
  await expect(page.getByTestId("chosen").first()).toHaveText("Léa Dubois (Camille Dubois)");
});
