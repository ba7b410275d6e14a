import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

// The console's delivery log (issue 14 item 8): a parent asks for a password link on the
// storefront; staff find that e-mail in Messages, open it as it was sent, and see it again on the
// parent's customer page.
test("staff find a parent's e-mail in the delivery log, read it as sent and see it on the customer's page", async ({
  page,
}) => {
  await page.goto("/auth/password");
  await hydrated(page);
  await page.fill('[name="email"]', "parent@demo.test");
  await page.click('button[type="submit"]');
  await expect(page.getByText(/lien de réinitialisation envoyé/i)).toBeVisible();

  await consoleLogin(page);
  await page.getByRole("link", { name: "Messages", exact: true }).first().click();
  await page.waitForURL(/\/admin\/notifications\/messages$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Messages");
  const search = page.getByRole("searchbox", { name: /adresse, téléphone ou objet/i });
  await search.fill("Réinitialisation");
  await search.press("Enter");
  await page.waitForURL(/q=R%C3%A9initialisation/);
  const table = page.getByTestId("messages-table");
  const row = table.getByRole("row").filter({ hasText: "parent@demo.test" }).first();
  // Delivered in the background (no SMTP server here: kept in the development outbox).
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("Gardé (sans fournisseur)", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });

  await row.getByRole("link", { name: /Réinitialisation de votre mot de passe/ }).click();
  await page.waitForURL(/\/admin\/notifications\/messages\/[a-z0-9]+$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    "Réinitialisation de votre mot de passe",
  );
  const frame = page.getByTestId("message-html");
  await expect(frame).toHaveAttribute("sandbox", "allow-popups allow-popups-to-escape-sandbox");
  await expect(page.getByTestId("message-text")).toContainText("/auth/password?token=");
  await expect(page.getByText(/^<.+@.+>$/)).toBeVisible();

  await page.getByRole("link", { name: "Camille Dubois" }).click();
  await page.waitForURL(/\/admin\/customers\/[a-z0-9]+$/);
  await hydrated(page);
  await page.getByTestId("tab-messages").click();
  await page.waitForURL(/tab=messages/);
  await expect(
    page.getByTestId("messages-table").getByText("Réinitialisation de votre mot de passe").first(),
  ).toBeVisible();
  expect(new URL(page.url()).origin).toBe(consoleOrigin);
});
