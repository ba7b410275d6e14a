import type { Page } from "@playwright/test";
import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import {
  addRegistration,
  answerDemoQuestions,
  chooseParticipantWithEstimate,
  consoleApi,
  consoleLogin,
  consoleOrigin,
  signUpNewCustomer,
} from "./helpers.ts";

/**
 * Registration constraints (docs/decisions/0062-registration-constraints.md): the demo's
 * Multisports camp allows two July weeks per child. A parent adds two, the third is refused with
 * the organiser's message; the organiser sees the rule in the activity's Contraintes tab.
 */

const MESSAGE =
  "Deux stages Multisports au plus par enfant en juillet : ainsi chaque enfant trouve sa place.";

/** The storefront pages of the Multisports July weeks, first to last. */
async function julyWeeks(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const activities = await (await fetch("/api/activities?page_size=100")).json();
    const multisports = activities.data.find(
      (activity: { title: string }) => activity.title === "Stage Multisports",
    );
    const answer = await (
      await fetch(`/api/availabilities?activity=${multisports.cuid}&page_size=100`)
    ).json();
    const july = (answer.data as Array<{ cuid: string; start_at: string }>)
      .filter((availability) => availability.start_at.slice(5, 7) === "07")
      .sort((a, b) => a.start_at.localeCompare(b.start_at));
    return july.map((availability) => `/fr/availabilities/${availability.cuid}`);
  });
}

test("a parent meets « at most 2 camps per child in July » with the organiser's message", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpNewCustomer(page);
  const weeks = await julyWeeks(page);
  expect(weeks).toHaveLength(3);

  await addRegistration(page, weeks[0]!);
  await addRegistration(page, weeks[1]!);

  await page.goto(weeks[2]!);
  await hydrated(page);
  const form = page.getByTestId("add-to-cart-form");
  await chooseParticipantWithEstimate(form);
  await answerDemoQuestions(form);
  await form.getByTestId("add-to-cart-submit").click();
  const refusal = page.getByText(MESSAGE);
  await expect(refusal).toBeVisible();
  await expect(page.getByText(/^Pour Alix Martin/)).toBeVisible();
  await expectConsoleError(consoleErrors, /409/);

  // The two weeks stay in the cart, which checks out.
  const cart = await page.evaluate(async () => (await fetch("/api/carts/current")).json());
  expect(cart.cart.items).toHaveLength(2);
  expect(cart.cart.constraints).toEqual([]);
});

test("the organiser reads the rule in the activity's Contraintes tab", async ({ page }) => {
  await consoleLogin(page);
  const activities = await consoleApi(page, "GET", "/api/admin/activities?q=Multisports");
  const multisports = activities.data.find(
    (activity: { title: string }) => activity.title === "Stage Multisports",
  );
  await page.goto(`${consoleOrigin}/admin/activities/${multisports.cuid}?tab=constraints`);
  await hydrated(page);
  const rule = page.getByTestId("constraints").getByRole("listitem").first();
  await expect(rule.getByRole("heading", { name: "2 stages en juillet" })).toBeVisible();
  await expect(rule.getByTestId("constraint-rule")).toContainText(
    "Au plus 2 inscriptions par participant",
  );
  await expect(rule.getByText(MESSAGE)).toBeVisible();
});
