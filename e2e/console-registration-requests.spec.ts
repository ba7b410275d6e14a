import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin, login } from "./helpers.ts";

type Listed = {
  cuid: string;
  participant: { fullname: string };
  availabilities: Array<{ cuid: string; free_places: number | null }>;
};

/** A PENDING request of the demo parent with a session that still has room (console API). */
async function pendingRequestWithRoom(page: Page): Promise<Listed> {
  const list = (await consoleApi(
    page,
    "GET",
    "/api/admin/registrations/requests?q=parent%40demo.test&page_size=100",
  )) as { data: Listed[] };
  const found = list.data.find((request) =>
    request.availabilities.some((session) => session.free_places !== 0),
  );
  expect(found, "a pending request of the demo parent with room on a session").toBeTruthy();
  return found!;
}

test("staff approve a parent's registration request, and the parent pays it online from the account", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  const request = await pendingRequestWithRoom(page);

  // The queue lists it, PENDING in blue; its page shows the sessions and the family.
  await page.goto(`${consoleOrigin}/admin/registrations/requests?q=parent%40demo.test`);
  await hydrated(page);
  const row = page
    .getByTestId("requests-table")
    .getByRole("link", { name: request.participant.fullname })
    .first();
  await expect(row).toBeVisible();
  await page.goto(`${consoleOrigin}/admin/registrations/requests/${request.cuid}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(request.participant.fullname);
  await expect(page.getByTestId("request-status").first()).toHaveAttribute("data-tone", "blue");

  // Approve the sessions with room only (a full one would be refused by name).
  await page.getByTestId("approve-request").click();
  const rows = page.getByTestId("approve-session-row");
  await expect(rows.first()).toBeVisible();
  for (const sessionRow of await rows.all()) {
    const box = sessionRow.getByTestId("approve-session");
    if ((await sessionRow.getAttribute("data-full")) === "true") await box.uncheck();
    else await box.check();
  }
  await page.getByTestId("approve-price").fill("95");
  await page.getByTestId("confirm-approve").click();
  await expect(page.getByText(/Demande approuvée|Request approved/)).toBeVisible();
  await expect(page.getByTestId("request-status").first()).toHaveAttribute("data-tone", "green");
  await expect(page.getByTestId("approve-request")).toHaveCount(0);

  // The parent sees what is owed on the request and pays it online.
  await login(page);
  const path = `/fr/account/registrations-requests/${request.cuid}`;
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByTestId("request-status")).toHaveAttribute("data-tone", "green");
  const online = page.getByTestId("online-payment");
  await expect(online).toContainText("95");
  await online.click();
  await page.waitForURL(/\/payments\/test\/[^/?#]+$/);
  await expect(page.getByText("Montant : 95.00 EUR")).toBeVisible();
  await page.getByRole("button", { name: "Payer" }).click();
  await page.waitForURL((url) => url.pathname === path);
  await hydrated(page);
  await expect(page.getByTestId("payment-return")).toHaveAttribute("data-status", "paid");
  await expect(page.getByTestId("online-payment")).toHaveCount(0);
});
