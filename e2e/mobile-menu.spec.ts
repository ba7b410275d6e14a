import type { Route } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { origin, seriousViolations } from "./helpers.ts";

// The phone menu works before the page's script runs (issue 11 §6): its button is a <details>'s
// summary, whose contents the server renders; once hydrated the same button opens the dialog.

const PHONE = { width: 390, height: 844 };

test.describe("the phone menu", () => {
  test("opens and leads somewhere without any JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    const button = page.getByTestId("mobile-menu-button");
    const login = page.getByRole("link", { name: "Se connecter", exact: true });
    await expect(login).toBeHidden();
    await button.click();
    await expect(login).toBeVisible();
    await expect(page.getByRole("link", { name: "Créer un compte" })).toBeVisible();
    await page.screenshot({ path: "test-results/mobile-menu-without-js.png" });
    await login.click();
    await page.waitForURL(/\/auth\/login/);
    await context.close();
  });

  test("a tap before hydration opens it, and the hydrated page's dialog takes over", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    // The page's scripts are held back until the menu has been tapped: a slow phone.
    const held: Route[] = [];
    let holding = true;
    await page.route(/\.js(\?|$)/, async (route) => {
      if (holding) held.push(route);
      else await route.continue();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const button = page.getByTestId("mobile-menu-button");
    await button.click();
    const login = page.getByRole("link", { name: "Se connecter", exact: true });
    await expect(login).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await hydrated(page);
    // The menu opened before the script ran is now the dialog.
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveAttribute("data-state", "open");
    await expect(dialog.getByRole("link", { name: "Se connecter", exact: true })).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    // Only the dialog shows the menu once hydrated: the details stay closed.
    await button.click();
    await expect(page.getByRole("dialog")).toHaveAttribute("data-state", "open");
    await expect(page.locator("details[open]")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(button).toBeFocused();
  });
});
