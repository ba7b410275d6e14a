import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import {
  addRegistration,
  consoleLogin,
  consoleOrigin,
  origin,
  roomyAvailability,
  signUpNewCustomer,
} from "./helpers.ts";

// Customer discounts (issue 17 §4, decision 0100): staff give the demo's « Tarif social » to a
// family from its customer page, and the family's checkout shows it as its own line. Screenshots
// of each page at 390 and 1280 px go to /tmp/discounts-screens for a person to look at.

const SCREENS = "/tmp/discounts-screens";

/** The viewport around `focus` at each width (a full page of a phone is too tall to read). */
async function shoot(page: Page, name: string, focus: Locator) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("staff give « Tarif social » to a family, whose checkout shows the discount's line", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const lastname = `Solidaire${Date.now().toString(36)}`;
  const email = await signUpNewCustomer(page, "/fr", lastname);
  await addRegistration(page, await roomyAvailability(page));

  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/customers?q=${encodeURIComponent(email)}`);
  await hydrated(page);
  await page
    .getByTestId("customers-table")
    .getByRole("link", { name: new RegExp(lastname, "i") })
    .click();
  await page.getByTestId("tab-discounts").click();
  await hydrated(page);
  await page.getByTestId("give-discount").click();
  await page.getByTestId("give-discount-choice").selectOption({ label: "Tarif social" });
  await page.getByTestId("give-discount-reason").fill("Attestation reçue");
  await page.getByTestId("save-customer-discount").click();
  await expect(page.getByText("Réduction donnée.")).toBeVisible();
  await expect(page.getByTestId("customer-discounts")).toContainText(
    "Tarif social · 20 % sur chaque inscription",
  );
  await expect(page.getByTestId("customer-discounts")).toContainText("Attestation reçue");
  await shoot(page, "customer-tab", page.getByTestId("customer-discounts"));

  await page.goto(`${consoleOrigin}/admin/customer-discounts`);
  await hydrated(page);
  await expect(page.getByTestId("discounts-table")).toContainText("Tarif social");
  await shoot(page, "definitions", page.getByTestId("discounts-table"));
  await page.getByTestId("new-discount").click();
  await shoot(page, "definition-form", page.getByTestId("discount-name"));
  await page.keyboard.press("Escape");

  await page.goto(`${origin}/fr/checkout`);
  await hydrated(page);
  const line = page.getByTestId("checkout-customer-discount");
  await expect(page.getByText("Réduction « Tarif social »")).toBeVisible();
  await expect(line).toHaveText(/^− \d/);
  await shoot(page, "checkout", line);
});
