import type { Page } from "@playwright/test";
import { expect, hydrated } from "./fixtures.ts";
import { answerDemoQuestions, port } from "./helpers.ts";

/** The demo's activity taking requests (Cours de natation): its cuid and a session's, by the API. */
export async function requestActivity(page: Page): Promise<{ activity: string; session: string }> {
  const response = await page.request.get(
    `http://127.0.0.1:${port}/api/availabilities?status=OPEN&limit=100`,
    { headers: { host: `demo.localhost:${port}` } },
  );
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as {
    data: Array<{
      cuid: string;
      activity: { cuid: string; registration_flow: string };
      booking: { bookable: boolean };
    }>;
  };
  // A group the demo's own requests filled shows "Complet" and the waiting list instead.
  const session = data.find(
    (availability) =>
      availability.activity.registration_flow === "REQUEST" && availability.booking.bookable,
  );
  if (!session) throw new Error("the demo has no open session of an activity taking requests");
  return { activity: session.activity.cuid, session: session.cuid };
}

/**
 * The logged-in parent asks, from a session's page, for two weekly swimming sessions through the
 * tier "2 séances par semaine" and checks out; returns the processed cart's cuid. The approval
 * of those requests is the console's (REQ-STAFF's tests start from here).
 */
export async function requestTwoWeeklySessions(page: Page): Promise<string> {
  const { session } = await requestActivity(page);
  await page.goto(`/fr/availabilities/${session}`);
  await hydrated(page);
  await page.getByTestId("request-week").click();
  await page.waitForURL(/\/fr\/cart\/registrations\/request\/[^/?]+/);
  await hydrated(page);
  await page.getByTestId("request-tiers").getByText("2 séances par semaine").click();
  const feedback = page.getByTestId("request-feedback");
  const submit = page.getByTestId("request-submit");
  await expect(feedback).toHaveAttribute("data-feedback", "too_few");
  await expect(submit).toBeDisabled();
  const sessions = page.getByTestId("request-session");
  await sessions.nth(0).click();
  await expect(feedback).toHaveAttribute("data-feedback", "too_few");
  await expect(submit).toBeDisabled();
  await sessions.nth(1).click();
  await expect(feedback).toHaveAttribute("data-feedback", "valid");
  await expect(submit).toBeEnabled();
  await answerDemoQuestions(page.getByTestId("request-panel"));
  await submit.click();
  await page.waitForURL(/\/fr\/checkout$/);
  await hydrated(page);
  const items = page.locator('[data-testid="checkout-item"][data-type="REGISTRATION_REQUEST"]');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("2 séances par semaine");
  await expect(items.first()).toContainText("Prix fixé à l'acceptation");
  await page.getByTestId("checkout-terms").check();
  await page.getByTestId("checkout-submit").click();
  await page.waitForURL(/\/fr\/checkout\/[^/]+\/success$/);
  return /\/checkout\/([^/]+)\/success$/.exec(new URL(page.url()).pathname)![1]!;
}
