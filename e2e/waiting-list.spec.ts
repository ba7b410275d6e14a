import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { availabilityPaths, login } from "./helpers.ts";

/**
 * The demo's FULL availabilities whose notice offers the waiting list (with the form, for a
 * customer's session).
 */
function fullWithWaitingList(page: Page, limit: number) {
  return availabilityPaths(
    page,
    (html) => html.includes('data-state="full"') && html.includes('data-testid="waiting-list"'),
    limit,
  );
}

async function expectNoSeriousViolation(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test("a customer joins the waiting list of a FULL availability, once", async ({
  page,
  consoleErrors,
}, testInfo) => {
  await login(page);
  // A join stays in the database: a retry takes the next FULL availability, whose list is empty.
  const paths = await fullWithWaitingList(page, testInfo.retry + 1);
  const path = paths[testInfo.retry];
  expect(path, "a FULL demo availability with the waiting-list form").toBeDefined();

  await page.goto(path!);
  await hydrated(page);
  const notice = page.getByTestId("availability-notice");
  await expect(notice.getByRole("heading", { name: "Complet" })).toBeVisible();
  await expect(page.getByTestId("add-to-cart-form")).toHaveCount(0);
  const form = notice.getByRole("form", { name: "Liste d'attente" });
  await expect(form).toBeVisible();
  // The demo parent has two participants: none is preselected; the link creates another one.
  const select = form.getByLabel("Participant", { exact: true });
  await expect(select).toHaveValue("");
  await expect(form.getByRole("link", { name: "Ajouter un participant" })).toHaveAttribute(
    "href",
    /^\/fr\/account\/participants\/new\?redirect=/,
  );

  // No participant: the error comes under the field, and no call is made.
  const submit = form.getByRole("button", { name: "Rejoindre la liste d'attente" });
  await submit.click();
  await expect(form.getByText("Ce champ est obligatoire.")).toBeVisible();
  await expect(select).toHaveAttribute("aria-invalid", "true");

  // Keyboard only: choose, then Tab past the link to the button, which shows its focus ring.
  await select.selectOption({ label: "Léa Dubois" });
  await select.focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(submit).toBeFocused();
  expect(await submit.evaluate((button) => getComputedStyle(button).outlineStyle)).not.toBe("none");
  const joined = page.waitForResponse("**/api/registrations/waiting-list");
  await page.keyboard.press("Enter");
  expect((await joined).status()).toBe(200);
  await expect(
    page.getByText(
      "Inscription sur la liste d'attente enregistrée. Nous vous préviendrons si une place se libère.",
    ),
  ).toBeVisible();
  await expect(form.getByTestId("waiting-list-joined")).toHaveText(
    "Léa Dubois est sur la liste d'attente, en position 1.",
  );
  await expect(select).not.toHaveAttribute("aria-invalid");

  // The same participant again: the API answers 409, the message sits under the field.
  const again = page.waitForResponse("**/api/registrations/waiting-list");
  await submit.click();
  expect((await again).status()).toBe(409);
  await expectConsoleError(consoleErrors, /409/);
  const duplicate = form.getByText(
    "Ce participant est déjà sur la liste d'attente de cette session.",
  );
  await expect(duplicate).toBeVisible();
  await expect(select).toHaveAttribute("aria-invalid", "true");
  await expect(select).toBeFocused();
  await expectNoSeriousViolation(page);

  // The same page in English, the same answer.
  await page.goto(`/en${path!.replace(/^\/(fr|en)(?=\/)/, "")}`);
  await hydrated(page);
  const englishForm = page
    .getByTestId("availability-notice")
    .getByRole("form", { name: "Waiting list" });
  await englishForm
    .getByLabel("Participant", { exact: true })
    .selectOption({ label: "Léa Dubois" });
  await englishForm.getByRole("button", { name: "Join the waiting list" }).click();
  await expectConsoleError(consoleErrors, /409/);
  await expect(
    englishForm.getByText("This participant is already on the waiting list for this session."),
  ).toBeVisible();
  await expectNoSeriousViolation(page);
});

test("the participant query parameter preselects who joins", async ({ page }) => {
  await login(page);
  const [path] = await fullWithWaitingList(page, 1);
  await page.goto(path!);
  await hydrated(page);
  const select = page.getByTestId("waiting-list-form").getByLabel("Participant", { exact: true });
  const hugo = await select
    .locator("option", { hasText: "Hugo Dubois" })
    .evaluate((option) => (option as HTMLOptionElement).value);
  const cuid = await page.evaluate(async (id) => {
    const response = await fetch("/api/participants?page_size=50");
    const { data } = (await response.json()) as { data: Array<{ id: number; cuid: string }> };
    return data.find((participant) => participant.id === Number(id))?.cuid;
  }, hugo);
  expect(cuid).toBeDefined();
  await page.goto(`${path}?participant=${cuid}`);
  await hydrated(page);
  await expect(
    page.getByTestId("waiting-list-form").getByLabel("Participant", { exact: true }),
  ).toHaveValue(hugo);
});

test("a visitor sees the waiting list offered and the login prompt, no form", async ({ page }) => {
  const [path] = await fullWithWaitingList(page, 1);
  expect(path).toBeDefined();
  await page.goto(path!);
  await hydrated(page);
  await expect(
    page
      .getByTestId("waiting-list")
      .getByText("Une liste d'attente est proposée : connectez-vous pour la rejoindre."),
  ).toBeVisible();
  await expect(page.getByTestId("waiting-list-form")).toHaveCount(0);
  await expect(page.getByTestId("login-prompt")).toBeVisible();
});
