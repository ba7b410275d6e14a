import { expect, hydrated, test } from "./fixtures.ts";
import { chooseBirthdate } from "./helpers.ts";

const port = process.env.E2E_PORT ?? 3100;

test("forgotten password: the link arrives in the development outbox and sets a new password", async ({
  page,
}) => {
  const email = `reset-${Date.now()}@example.org`;
  await page.goto("/auth/register");
  await hydrated(page);
  await page.fill('[name="firstname"]', "Inès");
  await page.fill('[name="lastname"]', "Reset");
  await page.fill('[name="email"]', email);
  await page.fill('[name="phone"]', "+32 470 12 34 56");
  await page.fill('[name="password"]', "first-password");
  await chooseBirthdate(page, "2016-05-04");
  await page.check('[name="terms"]');
  await page.click('button[type="submit"]');
  await expect(page.getByTestId("account-link")).toContainText("Inès");
  await page
    .getByRole("button", { name: /déconnexion|se déconnecter/i })
    .first()
    .click();
  await expect(page.getByTestId("account-link")).toHaveCount(0);

  await page.goto("/auth/login");
  await hydrated(page);
  await page.getByRole("link", { name: /mot de passe oublié/i }).click();
  await page.waitForURL(/\/auth\/password/);
  await hydrated(page);
  await page.fill('[name="email"]', email);
  await page.click('button[type="submit"]');
  await expect(page.getByText(/lien de réinitialisation envoyé/i)).toBeVisible();

  // The console host lists the e-mail, styled (its assets load on that host too).
  await page.goto(`http://admin.localhost:${port}/admin/dev/outbox`);
  const message = page.getByTestId("outbox-email").filter({ hasText: email }).first();
  await expect(message).toBeVisible({ timeout: 15_000 });
  const background = await page
    .locator("body")
    .evaluate((body) => getComputedStyle(body).backgroundColor);
  expect(background).not.toBe("rgba(0, 0, 0, 0)");
  await message.locator("summary").first().click();
  const link = await message
    .getByRole("link", { name: /auth\/password\?token=/ })
    .first()
    .getAttribute("href");
  expect(link).toContain(`demo.localhost:${port}/fr/auth/password?token=`);

  await page.goto(link!);
  await hydrated(page);
  await page.fill('[name="password"]', "second-password");
  await page.fill('[name="password_confirmation"]', "not-the-same");
  await page.click('button[type="submit"]');
  await expect(page.locator('[name="password_confirmation"]')).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await page.fill('[name="password_confirmation"]', "second-password");
  await page.click('button[type="submit"]');
  await page.waitForURL(/\/auth\/login/);

  await hydrated(page);
  await page.fill('[name="email"]', email);
  await page.fill('[name="password"]', "second-password");
  await page.click('button[type="submit"]');
  await expect(page.getByTestId("account-link")).toContainText("Inès");
});
