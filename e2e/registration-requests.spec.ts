import { expect, hydrated, test } from "./fixtures.ts";
import { signUpNewCustomer } from "./helpers.ts";
import { requestTwoWeeklySessions } from "./registration-requests.ts";

test.describe("registration requests", () => {
  test("a parent asks for two weekly sessions through a tier and checks out: two PENDING requests, nothing to pay", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpNewCustomer(page);
    await requestTwoWeeklySessions(page);
    await hydrated(page);
    await expect(page.getByTestId("success-request")).toHaveCount(2);
    await expect(page.getByTestId("success-outstanding")).toHaveText(/^0(,00)?\s€$/);

    await page.goto("/fr/account/registrations-requests");
    await hydrated(page);
    const cards = page.getByTestId("request-card");
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all()) {
      await expect(card).toContainText("Cours de natation");
      await expect(card).toContainText("En attente");
    }
  });
});
