import { expect, hydrated, test } from "./fixtures.ts";
import {
  addRegistration,
  checkoutByTransfer,
  consoleApi,
  consoleLogin,
  consoleOrigin,
  roomyAvailability,
  signUpNewCustomer,
} from "./helpers.ts";

// Customers' carts in the console (issue 17 §4, decision 0092): staff find an open cart in
// Console › Paniers, extend its hold and release it from the customer's page, then cancel an
// order. Each test makes its own customer, so the demo's carts stay as other tests expect them.

test("staff find an open cart, extend its hold and release it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUpNewCustomer(page, "/fr", "Panier");
  const bundles = await consoleApi(page, "GET", "/api/bundles?page_size=50");
  const pack = bundles.data.find((row: { title: string }) => row.title === "Pack 3 stages");
  const participants = await consoleApi(page, "GET", "/api/participants");
  await consoleApi(page, "POST", "/api/carts/items", {
    bundles: [{ bundle_id: pack.id, participant_id: participants.data[0].id }],
  });

  const staff = await page.context().newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(staff);
  await staff.getByRole("link", { name: "Paniers" }).first().click();
  await staff.waitForURL(`${consoleOrigin}/admin/carts`);
  await hydrated(staff);
  await staff.getByRole("searchbox").fill(email);
  await staff.getByRole("searchbox").press("Enter");
  const row = staff.getByTestId("carts-table").getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("En cours");
  await expect(row).toContainText("1 retenue(s) active(s) sur 1 article(s)");
  await row.getByTestId("cart-customer").click();
  await staff.waitForURL(/\?tab=carts$/);
  await hydrated(staff);

  const cart = staff.getByTestId("customer-cart").filter({ hasText: "Pack 3 stages" });
  const before = await cart.getByTestId("hold-expires").textContent();
  await cart.getByTestId("extend-hold").click();
  await staff.getByTestId("extend-minutes").selectOption("1440");
  await staff.getByTestId("extend-submit").click();
  await expect(staff.getByText("Retenue prolongée")).toBeVisible();
  await expect(cart.getByTestId("hold-expires")).not.toHaveText(before!);

  await cart.getByTestId("release-hold").click();
  await staff.getByRole("dialog").getByRole("button", { name: "Libérer" }).click();
  await expect(staff.getByText("Place libérée")).toBeVisible();
  // An empty cart holds nothing: the customer has no cart left to show.
  await expect(staff.getByTestId("customer-cart")).toHaveCount(0);
  await expect(staff.getByText("Aucun panier pour ce client")).toBeVisible();
  // The customer's cart is empty too.
  const current = await consoleApi(page, "GET", "/api/carts/current");
  expect(current?.items ?? []).toHaveLength(0);
});

test("staff cancel a customer's order without a refund", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUpNewCustomer(page, "/fr", "Commande");
  const path = await roomyAvailability(page);
  const title = await addRegistration(page, path);
  await checkoutByTransfer(page);

  const staff = await page.context().newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(staff);
  const found = await consoleApi(
    staff,
    "GET",
    `/api/admin/customers?q=${encodeURIComponent(email)}`,
  );
  await staff.goto(`${consoleOrigin}/admin/customers/${found.data[0].cuid}?tab=carts`);
  await hydrated(staff);
  const order = staff.locator('[data-testid="customer-cart"][data-state="processed"]');
  await expect(order.getByTestId("cart-registrations")).toContainText(title);
  await expect(order.getByTestId("cart-registrations")).toContainText("Inscrit");
  await order.getByTestId("cancel-cart").click();
  await staff.getByTestId("cancel-refund-none").check();
  await staff
    .getByRole("dialog")
    .getByLabel(/Message/)
    .fill("Le stage est complet.");
  await staff.getByTestId("cancel-submit").click();
  await expect(staff.getByText("Commande annulée")).toBeVisible();
  await expect(order.getByTestId("cart-registrations")).toContainText("Annulé");
  await expect(order.getByTestId("cancel-cart")).toHaveCount(0);
});
