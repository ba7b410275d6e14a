import type { APIRequestContext } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleOrigin, port, seriousViolations } from "./helpers.ts";
import { createOperator, OPERATOR_PASSWORD } from "./operator-helpers.ts";

/**
 * Platform operators (decision 0040), as a person uses them: the command makes the operator, who
 * chooses a password through its link, logs in, finds a freshly signed-up organiser, suspends
 * it (its storefront shows the neutral page, its console a banner), opens its console as the
 * owner, comes back, and reactivates it.
 */

const PASSWORD = OPERATOR_PASSWORD;
const platformOrigin = `http://localhost:${port}`;

/** A new organiser through the platform's sign-up call (its services, as a visitor would). */
async function signUpOrganiser(request: APIRequestContext, slug: string, name: string) {
  await request.get(`${platformOrigin}/api/signup/slug-availability?slug=${slug}`);
  const state = await request.storageState();
  const xsrf = state.cookies.find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
  const response = await request.post(`${platformOrigin}/api/signup`, {
    headers: { "x-xsrf-token": decodeURIComponent(xsrf) },
    data: {
      organiser: { name, slug, language: "en", currency: "EUR", timezone: "Europe/Brussels" },
      owner: {
        firstname: "Olive",
        lastname: "Owner",
        email: `owner-${slug}@example.org`,
        password: "owner-password",
      },
      terms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test("an operator suspends a new organiser, sees its site unavailable, opens its console as the owner and reactivates it", async ({
  page,
  browser,
  playwright,
}) => {
  const stamp = Date.now();
  const slug = `ops-${stamp}`;
  const name = `Operators Test ${stamp}`;
  const request = await playwright.request.newContext();
  await signUpOrganiser(request, slug, name);
  await request.dispose();
  const email = `operator-${stamp}@platform.test`;
  const link = createOperator(email);

  // The one-time link: choose the password, then log in.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, consoleOrigin));
  await hydrated(page);
  await page.fill('[name="password"]', PASSWORD);
  await page.fill('[name="password_confirmation"]', PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => url.pathname === "/admin/platform/login");
  await hydrated(page);
  expect(await seriousViolations(page), "log-in").toEqual([]);
  await page.fill('[name="email"]', email);
  await page.fill('[name="password"]', PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => url.pathname === "/admin/platform");
  await expect(page.getByTestId("platform-operator")).toContainText("E2E Operator");

  // Search by slug, open the organiser.
  await hydrated(page);
  const search = page.getByRole("searchbox");
  await search.fill(slug);
  await search.press("Enter");
  await page.waitForURL((url) => url.searchParams.get("q") === slug);
  const rows = page.getByTestId("platform-organisers").getByRole("link", { name });
  await expect(rows).toHaveCount(1);
  expect(await seriousViolations(page), "organisers").toEqual([]);
  await rows.click();
  await page.waitForURL(/\/admin\/platform\/organisers\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText(`Olive Owner · owner-${slug}@example.org`)).toBeVisible();

  // Suspend: the storefront answers the neutral page.
  await hydrated(page);
  expect(await seriousViolations(page), "organiser").toEqual([]);
  await page.getByTestId("toggle-suspension").click();
  await page.getByTestId("confirm-action").click();
  await expect(page.getByTestId("organiser-status").first()).toHaveAttribute(
    "data-status",
    "SUSPENDED",
  );
  const visitor = await browser.newPage();
  const answer = await visitor.goto(`http://${slug}.localhost:${port}/en`);
  expect(answer?.status()).toBe(503);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(/temporarily unavailable/i);
  await expect(visitor.getByText(name)).toBeVisible();
  await visitor.close();

  // Open its console as the owner: marked, read-only, and back to the platform on log-out.
  await page.getByTestId("impersonate-owner").click();
  await page.getByTestId("confirm-action").click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await expect(page.getByTestId("impersonation-banner")).toContainText("E2E Operator");
  await expect(page.getByTestId("suspended-banner")).toBeVisible();
  await hydrated(page);
  await page.getByTestId("impersonation-banner").getByRole("button").click();
  await page.waitForURL((url) => url.pathname === "/admin/platform");

  // Reactivate: the storefront is back.
  await page.getByTestId("platform-organisers").getByRole("link", { name }).click();
  await hydrated(page);
  await page.getByTestId("toggle-suspension").click();
  await page.getByTestId("confirm-action").click();
  await expect(page.getByTestId("organiser-status").first()).toHaveAttribute(
    "data-status",
    "ACTIVE",
  );
  const back = await browser.newPage();
  expect((await back.goto(`http://${slug}.localhost:${port}/en`))?.status()).toBe(200);
  await back.close();
});
