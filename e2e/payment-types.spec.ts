import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin, signUpNewCustomer } from "./helpers.ts";

// Payment types with their priority (storefront.md §4 Checkout, decision 0092): the checkout's
// default choice is the highest-priority payment method staff set in Settings › Moyens de
// paiement. The test puts the demo's order (bank transfer first) back whatever happens.

test("the checkout's default payment method follows the order staff set", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpNewCustomer(page, "/fr", "Priorite");
  const bundles = await consoleApi(page, "GET", "/api/bundles?page_size=50");
  const pack = bundles.data.find((row: { title: string }) => row.title === "Pack 3 stages");
  const participants = await consoleApi(page, "GET", "/api/participants");
  await consoleApi(page, "POST", "/api/carts/items", {
    bundles: [{ bundle_id: pack.id, participant_id: participants.data[0].id }],
  });

  const staff = await page.context().newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(staff);
  try {
    await consoleApi(staff, "PUT", "/api/admin/payment-types", {
      order: ["ONLINE", "BANK_TRANSFER"],
    });
    await page.goto("/fr/checkout");
    await hydrated(page);
    await expect(page.getByTestId("payment-IMMEDIATE")).toBeChecked();
    await expect(page.getByTestId("payment-DELAYED")).not.toBeChecked();

    // Staff move the bank transfer back up in Settings › Moyens de paiement.
    await staff.goto(`${consoleOrigin}/admin/settings/payment-types`);
    await hydrated(staff);
    const first = staff.getByTestId("payment-types").getByRole("listitem").first();
    await expect(first).toContainText("Paiement en ligne");
    await staff.getByTestId("payment-type-BANK_TRANSFER").getByTestId("payment-type-up").click();
    await staff.getByTestId("payment-types-save").click();
    await expect(staff.getByText("Paramètres enregistrés")).toBeVisible();
    await expect(staff.getByTestId("payment-types").getByRole("listitem").first()).toContainText(
      "Virement bancaire",
    );

    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("payment-DELAYED")).toBeChecked();
    await expect(page.getByTestId("payment-IMMEDIATE")).not.toBeChecked();
  } finally {
    await consoleApi(staff, "PUT", "/api/admin/payment-types", {
      order: ["BANK_TRANSFER", "ONLINE"],
    });
  }
});
