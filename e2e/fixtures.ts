import { existsSync } from "node:fs";
import { type Browser, test as base, chromium, expect, type Page } from "@playwright/test";

const LAUNCH_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The machine's Chromium when there is one, otherwise the one the npm package ships. */
async function chromiumExecutable(): Promise<string> {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  const { default: packaged } = await import("@sparticuz/chromium");
  return packaged.executablePath();
}

export const test = base.extend<{ consoleErrors: string[] }, { browser: Browser }>({
  // Any console error or uncaught exception in the page (a CSP violation, a hydration mismatch,
  // a failed request) fails the test.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // Playwright's own helper script cannot run in sandboxed frames (the outbox previews).
        const ownHelper = message.text().startsWith("Blocked script execution in 'about:srcdoc'");
        if (message.type() === "error" && !ownHelper) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors in the page").toEqual([]);
    },
    { auto: true },
  ],
  browser: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      const browser = await chromium.launch({
        executablePath: await chromiumExecutable(),
        args: LAUNCH_ARGS,
        headless: true,
      });
      await use(browser);
      await browser.close();
    },
    { scope: "worker" },
  ],
});

export { expect };

/** Waits until React has hydrated, so clicks reach their handlers. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
}

/**
 * Takes an expected console error out of the test's list (the browser logs every 4xx answer of
 * the API as "Failed to load resource"); fails when it was not logged.
 */
export async function expectConsoleError(errors: string[], pattern: RegExp): Promise<void> {
  await expect.poll(() => errors.some((error) => pattern.test(error))).toBe(true);
  errors.splice(
    errors.findIndex((error) => pattern.test(error)),
    1,
  );
}
