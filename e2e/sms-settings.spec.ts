import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

const ACCOUNT_SID = `AC${"0123456789abcdef".repeat(2)}`;
const AUTH_TOKEN = "fedcba9876543210".repeat(2);
const SHOTS = process.env.SMS_SHOTS_DIR;

test("the owner names the SMS sender, adds and removes an own Twilio account (never shown again), sees the usage and counts an SMS", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/settings/preferences`);
  await hydrated(page);
  await page.getByRole("link", { name: "SMS", exact: true }).click();
  await page.waitForURL(/\/admin\/settings\/sms$/);
  await hydrated(page);

  // Twelve months of usage, each part at the §9 unit amount of 0,15 €.
  const usage = page.getByTestId("sms-usage");
  await expect(usage).toContainText("0,15 €");
  await expect(usage.getByRole("row")).toHaveCount(14);

  // The counter: 160 GSM-7 characters in one SMS, an emoji makes it UCS-2 (70 per SMS).
  const tester = page.getByTestId("sms-tester");
  await tester.fill("a".repeat(161));
  await expect(page.getByTestId("sms-counter")).toContainText(
    "161 caractères · 2 SMS (GSM-7) · 0,30 €",
  );
  await tester.fill("Bravo 🎉");
  await expect(page.getByTestId("sms-counter")).toContainText(
    "7 caractères · 1 SMS (UCS-2) · 0,15 €",
  );

  // A sender name with an accent is refused on its field; a right one is kept.
  const sender = page.getByTestId("sms-sender-name");
  await sender.fill("Été Club");
  await page.getByTestId("sms-form-save").click();
  await expect(sender).toHaveAttribute("aria-invalid", "true");
  await expectConsoleError(consoleErrors, /status of 400/);
  await sender.fill("Explorers");
  await page.getByTestId("sms-replace-account").check();
  await page.getByTestId("sms-account-sid").fill(ACCOUNT_SID);
  await page.getByTestId("sms-auth-token").fill(AUTH_TOKEN);
  await page.getByTestId("sms-account-from").fill("0470 12 34 56");
  await page.getByTestId("sms-form-save").click();
  await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
  await expect(page.getByTestId("own-sms-provider")).toContainText("Configuré");
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("sms-sender-name")).toHaveValue("Explorers");
  await expect(page.getByTestId("own-sms-provider")).toContainText("Configuré");
  expect(await page.content()).not.toContain(AUTH_TOKEN);
  if (SHOTS) {
    await tester.fill("Rappel : la séance de samedi commence à 10h. Pensez au maillot 🩱");
    await page.screenshot({ path: `${SHOTS}/sms-fr-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/sms-fr-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Removing the account and the name puts the demo back as it was.
  await page.getByRole("button", { name: "Retirer le compte" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Retirer le compte" }).click();
  await expect(page.getByText("Compte Twilio retiré")).toBeVisible();
  await expect(page.getByTestId("own-sms-provider")).toHaveCount(0);
  await page.getByTestId("sms-sender-name").fill("");
  await page.getByTestId("sms-form-save").click();
  await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
});

test("the SMS settings in English, on a phone and a desktop", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  // the demo owner works for both demo organisers: the English one speaks English
  await page.getByTestId("organiser-switcher").click();
  await page.getByRole("menuitemradio", { checked: false }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${consoleOrigin}/admin/settings/sms`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Usage" })).toBeVisible();
  await page.getByTestId("sms-tester").fill("Reminder: tomorrow at 10 am, bring a swimsuit.");
  await expect(page.getByTestId("sms-counter")).toContainText("46 characters · 1 SMS (GSM-7)");
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/sms-en-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/sms-en-1280.png`, fullPage: true });
  }
});

test("the development outbox lists SMS beside the e-mails", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${consoleOrigin}/admin/dev/outbox`);
  await hydrated(page);
  await page.getByRole("link", { name: /^SMS \(\d+\)$/ }).click();
  await page.waitForURL(/channel=sms$/);
  await expect(page.getByRole("link", { name: /^SMS \(\d+\)$/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("link", { name: /^E-mails \(\d+\)$/ })).not.toHaveAttribute(
    "aria-current",
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/outbox-sms-fr-1280.png`, fullPage: true });
});
