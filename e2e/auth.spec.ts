import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { chooseBirthdate } from "./helpers.ts";

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

async function submitRegistration(page: Page, email: string, firstname: string): Promise<void> {
  await page.goto("/auth/register");
  await hydrated(page);
  await page.fill('[name="firstname"]', firstname);
  await page.fill('[name="lastname"]', "Lemaire");
  await page.fill('[name="email"]', email);
  await page.fill('[name="phone"]', "+32 470 12 34 56");
  await page.fill('[name="password"]', "secret123");
  await chooseBirthdate(page, "2016-05-04");
  await page.check('[name="terms"]');
  await page.click('button[type="submit"]');
}

async function register(page: Page, email: string, firstname: string): Promise<void> {
  await submitRegistration(page, email, firstname);
  await page.waitForURL((url) => !url.pathname.includes("/auth/register"));
}

async function login(page: Page, email: string): Promise<void> {
  await page.goto("/auth/login");
  await hydrated(page);
  await page.fill('[name="email"]', email);
  await page.fill('[name="password"]', "secret123");
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => !url.pathname.includes("/auth/login"));
}

test.describe("customer accounts on the demo storefront", () => {
  test("register, log out, log in again and see the first name in the header", async ({ page }) => {
    const email = uniqueEmail("desktop");
    await page.setViewportSize({ width: 1280, height: 800 });
    await register(page, email, "Élodie");
    await expect(page.getByTestId("account-link")).toContainText("Élodie");

    await page
      .getByRole("button", { name: /déconnexion|se déconnecter/i })
      .first()
      .click();
    await expect(page.getByTestId("account-link")).toHaveCount(0);

    await login(page, email);
    await expect(page.getByTestId("account-link")).toContainText("Élodie");
  });

  test("the terms must be ticked, and the error shows on the field", async ({ page }) => {
    await page.goto("/auth/register");
    await hydrated(page);
    await page.fill('[name="firstname"]', "Paul");
    await page.fill('[name="lastname"]', "Terms");
    await page.fill('[name="email"]', uniqueEmail("terms"));
    await page.fill('[name="phone"]', "+32 470 12 34 56");
    await page.fill('[name="password"]', "secret123");
    await chooseBirthdate(page, "2016-05-04");
    await page.click('button[type="submit"]');
    await expect(page.locator('[name="terms"]')).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/auth\/register/);
  });

  test("on a 390 px phone: register, log out and log in through the mobile menu", async ({
    page,
  }) => {
    const email = uniqueEmail("mobile");
    await page.setViewportSize({ width: 390, height: 844 });
    // The page after registering takes its time (its data held back 1.5 s), as on a slow phone.
    await page.route(/\.data(\?|$)/, async (route) => {
      if (!route.request().url().includes("/auth/register")) {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
      await route.continue();
    });
    await submitRegistration(page, email, "Noa");
    // The header greets Noa while the next page is still on its way: a tap on the menu then
    // opens it, and it stays open when that page arrives (it closes on route changes it was
    // not opened for).
    await expect(page.getByRole("link", { name: /Noa/ })).toBeVisible();
    await page.getByTestId("mobile-menu-button").click();
    expect(new URL(page.url()).pathname).toContain("/auth/register");
    await page.waitForURL((url) => !url.pathname.includes("/auth/register"));
    await page.unrouteAll();
    // The next page is shown (the registration form is gone), and the menu is still open.
    await expect(page.locator('[name="terms"]')).toHaveCount(0);
    const menu = page.getByRole("dialog");
    await expect(menu).toHaveAttribute("data-state", "open");
    await expect(menu).toContainText("Noa");
    await menu.getByRole("button", { name: /déconnexion|se déconnecter/i }).click();

    await page.getByTestId("mobile-menu-button").click();
    await page
      .getByRole("dialog")
      .getByRole("link", { name: /connexion|se connecter/i })
      .first()
      .click();
    await page.waitForURL(/\/auth\/login/);
    await hydrated(page);
    await page.fill('[name="email"]', email);
    await page.fill('[name="password"]', "secret123");
    await page.click('button[type="submit"]');
    await page.waitForURL((url) => !url.pathname.includes("/auth/login"));
    await page.getByTestId("mobile-menu-button").click();
    await expect(page.getByRole("dialog")).toContainText("Noa");
  });

  test("the English organiser has its own accounts and language", async ({ page }) => {
    await page.goto(`http://demo-en.localhost:${process.env.E2E_PORT ?? 3100}/auth/login`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
