import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

test("the console asks for a log-in and brings the owner back to the page asked for", async ({
  page,
}) => {
  await page.goto(`${consoleOrigin}/admin/roles`);
  await page.waitForURL(/\/admin\/login\?redirect=/);
  await hydrated(page);
  await page.fill('[name="email"]', "owner@demo.test");
  await page.fill('[name="password"]', "demo1234");
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => url.pathname === "/admin/roles");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/rôles|roles/i);
  await expect(page.getByRole("link", { name: /nouveau rôle|new role/i })).toBeVisible();
});

test("the owner creates a role with a few permissions and finds it in the audit log", async ({
  page,
}) => {
  await consoleLogin(page);
  const name = `Accueil ${Date.now()}`;
  await page.goto(`${consoleOrigin}/admin/roles/new`);
  await hydrated(page);
  await page.fill('[name="name"]', name);
  await page.locator('input[name="permissions"][value="customers.customers.read"]').check();
  await page.locator('input[name="permissions"][value="registrations.registrations.read"]').check();
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === "/admin/roles");
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();

  await page.goto(`${consoleOrigin}/admin/audit-log`);
  await expect(page.getByText(name).first()).toBeVisible();
});

test("a read-only collaborator sees no edit buttons and the API refuses a change (403)", async ({
  page,
  consoleErrors,
}) => {
  await consoleLogin(page, "viewer@demo.test");
  await page.goto(`${consoleOrigin}/admin/collaborators`);
  await hydrated(page);
  await expect(page.getByRole("row").filter({ hasText: "owner@demo.test" })).toBeVisible();
  await expect(page.getByTestId("invite-collaborator")).toHaveCount(0);
  await expect(page.getByTestId("remove-collaborator")).toHaveCount(0);
  await expect(page.getByTestId("impersonate-collaborator")).toHaveCount(0);

  const status = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "");
    const response = await fetch("/api/admin/roles", {
      method: "POST",
      headers: { "content-type": "application/json", "x-xsrf-token": xsrf },
      body: JSON.stringify({ name: "Sneaky", permissions: [] }),
    });
    return { status: response.status, body: await response.json() };
  });
  expect(status).toEqual({ status: 403, body: { error: "FORBIDDEN" } });
  await expectConsoleError(consoleErrors, /403/);
});
