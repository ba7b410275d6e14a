import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import {
  addRegistration,
  awaitLoggedMessages,
  checkoutByTransfer,
  consoleApi,
  consoleLogin,
  consoleOrigin,
  login,
  port,
  roomyAvailability,
} from "./helpers.ts";

// An activity's cancellation policy and confirmation in the browser (docs/decisions/0101): staff
// set the policy and write the confirmation message on the activity's tabs; the demo parent reads
// the policy's line on the availability's page, books, and finds the message and the policy on
// the registration's page and in the confirmation e-mail of the delivery log. Screenshots of each
// page at 390 and 1280 px go to /tmp/actrules-screens for a person to look at.

const SCREENS = "/tmp/actrules-screens";

/** The viewport around `focus` at each width (a full page of a phone is too tall to read). */
async function shoot(page: Page, name: string, focus: Locator) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("staff set an activity's policy and confirmation; a parent sees them before and after booking", async ({
  page,
}) => {
  await login(page);
  const path = await roomyAvailability(page);
  const availabilityCuid = path.split("/").at(-1)!;
  const answer = await page.request.get(
    `http://127.0.0.1:${port}/api/availabilities?limit=100&status=OPEN`,
    { headers: { host: `demo.localhost:${port}` } },
  );
  const { data } = (await answer.json()) as {
    data: { cuid: string; activity: { cuid: string } }[];
  };
  const activity = data.find((item) => item.cuid === availabilityCuid)!.activity.cuid;
  const stamp = `Prévoir des bottes ${Date.now()}`;

  // Staff: cancel online until a day before, half of what was paid back to the wallet.
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/activities/${activity}?tab=cancellation`);
  await hydrated(page);
  const policy = page.getByTestId("cancellation-policy-form");
  await policy.getByTestId("policy-delay").fill("1");
  await policy.getByTestId("policy-unit").selectOption("days");
  await policy.getByTestId("policy-refund").selectOption("WALLET");
  await policy.getByTestId("policy-percentage").fill("50");
  const line =
    "Annulation en ligne jusqu'à 1 jour avant le début, 50 % de ce qui a été payé remboursés sur votre portefeuille.";
  await expect(policy.getByTestId("policy-line")).toContainText(line);
  await policy.getByTestId("policy-save").click();
  await expect(page.getByText("Règle d'annulation enregistrée.")).toBeVisible();
  await shoot(page, "console-cancellation-fr", policy);

  // The confirmation's message, previewed in the e-mail's frame as it is typed.
  await page.goto(`${consoleOrigin}/admin/activities/${activity}?tab=confirmation`);
  await hydrated(page);
  const editor = page.getByTestId("template-content");
  await editor.click();
  await page.keyboard.type(`${stamp}, {{ customer.firstname }} !`);
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await expect(frame.getByText(stamp)).toBeVisible();
  await page.getByTestId("confirmation-calendar").check();
  await page.getByTestId("confirmation-save").click();
  await expect(page.getByText("Confirmation enregistrée.")).toBeVisible();
  await shoot(page, "console-confirmation-fr", page.getByTestId("confirmation-form"));

  // The parent reads the policy before booking, books, and finds both on the registration.
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByTestId("availability-cancellation-policy")).toHaveText(line);
  await shoot(page, "availability-fr", page.getByTestId("availability-cancellation-policy"));
  await addRegistration(page, path);
  const registration = await checkoutByTransfer(page);
  await page.goto(`/fr/account/registrations/${registration}`);
  await hydrated(page);
  await expect(page.getByTestId("registration-confirmation")).toContainText(stamp);
  await expect(page.getByTestId("registration-confirmation")).not.toContainText("{{");
  await expect(page.getByTestId("registration-cancel-policy")).toContainText(line);
  // Allowed until the day before (the button), or already past it (disabled, with its reason).
  await expect(
    page.getByTestId("registration-cancel").or(page.getByTestId("registration-cancel-disabled")),
  ).toBeVisible();
  await shoot(page, "registration-fr", page.getByTestId("registration-cancel-policy"));

  // The confirmation e-mail as the delivery log shows it: one message, the organiser's text in it.
  // The demo parent's earlier orders (other tests) have confirmations too, delivered by the
  // background jobs in their own time: this order's is the one message with this test's text.
  await page.goto(`${consoleOrigin}/admin`);
  await hydrated(page);
  let withText: string[] = [];
  await expect
    .poll(
      async () => {
        const mails = await awaitLoggedMessages(page, { q: "parent@demo.test", source: "RULE" });
        withText = [];
        for (const mail of mails.slice(0, 20)) {
          const detail = (await consoleApi(page, "GET", `/api/admin/messages/${mail.cuid}`)) as {
            text: string;
          };
          if (detail.text.includes(stamp)) withText.push(mail.cuid);
        }
        return withText.length;
      },
      { timeout: 30_000, intervals: [250, 500, 1_000] },
    )
    .toBe(1);
  await page.goto(`${consoleOrigin}/admin/notifications/messages/${withText[0]}`);
  await hydrated(page);
  await expect(page.getByTestId("message-text")).toContainText(stamp);
  await shoot(page, "confirmation-email-fr", page.getByTestId("message-html"));

  // English: another organiser's availability, with the default policy.
  const english = await page.request.get(
    `http://127.0.0.1:${port}/api/availabilities?limit=100&status=OPEN`,
    { headers: { host: `demo-en.localhost:${port}` } },
  );
  const { data: offered } = (await english.json()) as {
    data: { cuid: string; booking: { bookable: boolean } }[];
  };
  const bookable = offered.find((item) => item.booking.bookable)!;
  await page.goto(`http://demo-en.localhost:${port}/availabilities/${bookable.cuid}`);
  await hydrated(page);
  await expect(page.getByTestId("availability-cancellation-policy")).toHaveText(
    "Cancel online until the first date starts, any refund is the organiser's decision.",
  );
  await shoot(page, "availability-en", page.getByTestId("availability-cancellation-policy"));
});
