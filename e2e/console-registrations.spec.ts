import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

test("the owner registers a customer by hand at a price set by hand, then finds the registration", async ({
  page,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/registrations`);
  await hydrated(page);
  await page.getByTestId("new-registration").click();
  await page.waitForURL((url) => url.pathname === "/admin/registrations/new");

  // Who: a customer found by name, then their participant.
  await page.getByPlaceholder(/nom du client|customer or participant/i).fill("Lambert");
  await page.keyboard.press("Enter");
  await page.getByTestId("customer-choices").getByRole("link", { name: "Emma Lambert" }).click();
  await expect(page.getByTestId("chosen").first()).toHaveText("Emma Lambert (Julien Lambert)");

  // What: an availability found by its activity (the later week, ahead).
  await page.getByPlaceholder(/activité|activity/i).fill("Danse");
  await page.keyboard.press("Enter");
  const choices = page.getByTestId("availability-choices").getByRole("link");
  await expect(choices.first()).toBeVisible();
  await choices.last().click();

  // Dates come ticked; the price is the storefront's until set by hand.
  const form = page.getByTestId("by-hand-form");
  await expect(form).toBeVisible();
  await hydrated(page);
  await expect(page.getByTestId("by-hand-price")).toBeVisible();
  await form.getByLabel(/fixer le prix|set the price/i).check();
  await form.getByLabel(/prix de la place|price of the place/i).fill("95");
  await expect(page.getByTestId("by-hand-price")).toHaveText(/^95(,00)?\s€$/);
  await page.getByTestId("confirm-registration").click();

  await page.waitForURL(/\/admin\/registrations\/[a-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emma Lambert");
  await expect(page.getByText("Stage Danse & Hip-hop").first()).toBeVisible();
  await expect(page.getByText(/\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+/)).toBeVisible();
  await expect(page.getByText(/^95(,00)?\s€$/).first()).toBeVisible();

  await page.goto(`${consoleOrigin}/admin/registrations?q=Emma+Lambert`);
  await expect(
    page.getByTestId("registrations-table").getByRole("link", { name: "Emma Lambert" }),
  ).toBeVisible();
});
