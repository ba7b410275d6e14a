import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, login, seriousViolations } from "./helpers.ts";

const port = process.env.E2E_PORT ?? 3100;
const pages = [
  `http://demo.localhost:${port}/fr`,
  `http://demo.localhost:${port}/fr/auth/login`,
  `http://demo.localhost:${port}/fr/auth/register`,
  `http://demo.localhost:${port}/fr/auth/password`,
  `http://demo-en.localhost:${port}/en`,
  `http://demo-en.localhost:${port}/en/auth/register`,
  `http://admin.localhost:${port}/admin/dev/outbox`,
];

for (const width of [1280, 390]) {
  for (const url of pages) {
    test(`no serious accessibility violation on ${url} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await hydrated(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  // The logged-in headers: the storefront's account link, the console's organiser switcher and
  // account menu (their names must contain what they show, for voice control).
  test(`no serious accessibility violation on logged-in pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await login(page);
    for (const path of ["/fr", "/fr/account/home"]) {
      await page.goto(path);
      await hydrated(page);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await consoleLogin(page);
    await page.goto(`http://admin.localhost:${port}/admin`);
    await hydrated(page);
    // On a phone the sidebar (switcher and account menu) opens as a dialog.
    if (width < 1024) await page.getByRole("button", { name: /menu/i }).first().click();
    const sidebar = width < 1024 ? page.getByRole("dialog") : page.locator("aside");
    await expect(sidebar.getByTestId("organiser-switcher")).toBeVisible();
    await expect(sidebar.getByTestId("user-menu")).toBeVisible();
    expect(await seriousViolations(page), "console").toEqual([]);
  });
}
