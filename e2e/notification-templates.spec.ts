import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import {
  addRegistration,
  availabilityWithOptions,
  awaitLoggedMessages,
  checkoutByTransfer,
  consoleApi,
  consoleLogin,
  consoleOrigin,
  origin,
  seriousViolations,
  signUpNewCustomer,
} from "./helpers.ts";

const CONFIRMATION = "/api/admin/notification-templates/defaults/cart-confirmation";

/**
 * The organiser edits the order confirmation in the console (a variable from the picker in the
 * subject, a sentence of its own in the content, checked in the live preview), a parent checks
 * out, and the e-mail in the development outbox says it. The edit only adds to the default, and
 * the default is restored at the end, so the other tests read the confirmation they expect.
 */
test("an organiser edits the order confirmation, and a parent's checkout sends the new text", async ({
  page,
}) => {
  const stamp = `Merci ${Date.now()} pour votre confiance`;
  await consoleLogin(page);
  await consoleApi(page, "DELETE", CONFIRMATION);
  try {
    await page.goto(`${consoleOrigin}/admin/notifications/templates`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Modèles de messages");
    await page
      .getByTestId("templates-table")
      .getByRole("link", { name: /confirmation/i })
      .first()
      .click();
    await page.waitForURL(/\/admin\/notifications\/templates\/defaults\/cart-confirmation$/);
    await hydrated(page);
    await expect(page.getByTestId("template-origin")).toContainText("Par défaut");

    // The subject takes the order's reference from the picker, at the end of what is there.
    const subject = page.getByTestId("template-subject");
    await subject.fill("Commande bien reçue – ");
    await page.getByTestId("subject-variables").click();
    const picker = page.getByTestId("variable-picker");
    await picker.getByTestId("variable-search").fill("référence");
    await picker.locator('[data-path="cart.reference"]').click();
    await expect(picker).toHaveCount(0);
    await expect(subject).toHaveValue("Commande bien reçue – {{ cart.reference }}");

    // The content gets a sentence of the organiser's own at its start, however it is edited.
    const source = page.getByTestId("template-content-source");
    if (await source.isVisible()) {
      await source.focus();
      await source.press("Control+Home");
      await source.pressSequentially(`<p>${stamp}, {{ customer.firstname }} !</p>`);
    } else {
      const editor = page.getByTestId("template-content");
      await editor.click();
      await page.keyboard.press("Control+Home");
      await page.keyboard.type(`${stamp}, {{ customer.firstname }} !`);
      await page.keyboard.press("Enter");
    }

    // The preview renders it on the organiser's real data: no Liquid left, the sentence shown.
    const preview = page.getByTestId("template-preview");
    await expect(preview.getByTestId("preview-subject")).toContainText("Commande bien reçue – ");
    await expect(preview.getByTestId("preview-subject")).not.toContainText("{{");
    const frame = page.frameLocator('[data-testid="preview-frame"]');
    await expect(frame.getByText(stamp)).toBeVisible();
    await preview.getByRole("button", { name: "Téléphone" }).click();
    await expect(preview.getByTestId("preview-frame")).toHaveAttribute("data-width", "390");
    await preview.getByRole("button", { name: "Texte brut" }).click();
    await expect(preview.getByTestId("preview-text")).toContainText(stamp);

    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId("save-template").click();
    await expect(page.getByText("Modèle « Confirmation de commande » enregistré.")).toBeVisible();
    await expect(page.getByTestId("template-origin")).toContainText("Modifié");

    // A parent orders and pays by transfer.
    const parent = await page.context().newPage();
    await parent.goto(origin);
    const email = await signUpNewCustomer(parent);
    await addRegistration(parent, await availabilityWithOptions(parent));
    await checkoutByTransfer(parent);

    // The default rule sends the confirmation right after the order: once it is in the delivery
    // log, the outbox shows it with the organiser's text, rendered for this parent.
    const [confirmation] = await awaitLoggedMessages(page, { q: email, source: "RULE" });
    expect(confirmation!.subject).toContain("Commande bien reçue – ");
    await page.goto(`${consoleOrigin}/admin/dev/outbox`);
    const message = page.getByTestId("outbox-email").filter({ hasText: email }).first();
    await expect(message.getByRole("heading", { level: 2 })).toContainText(
      "Commande bien reçue – ",
    );
    await message.locator("summary").first().click();
    await expect(message).toContainText(`${stamp}, Alix !`);
  } finally {
    await consoleApi(page, "DELETE", CONFIRMATION);
  }
});

test("the English organiser writes a new SMS template on a phone, in English, with its preview", async ({
  page,
  consoleErrors,
}) => {
  await consoleLogin(page);
  // The demo owner works for both demo organisers: the English one writes its messages in English.
  await page.getByTestId("organiser-switcher").click();
  await page.getByRole("menuitemradio", { checked: false }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.setViewportSize({ width: 390, height: 844 });
  const name = `SMS ${Date.now()} Reminder_for_the_robotics_camp_of_the_eight_year_olds — a long name`;
  await page.goto(`${consoleOrigin}/admin/notifications/templates/new`);
  await hydrated(page);
  await expect(page.getByText("Written and sent in English.")).toBeVisible();
  await page.getByTestId("template-name").fill(name);
  await page.getByTestId("template-type").selectOption("SMS");
  const source = page.getByTestId("template-content-source");
  await source.fill("Reminder: ");
  await page.getByTestId("content-variables").click();
  await page.getByTestId("variable-picker").locator('[data-path="organiser.name"]').click();
  await expect(source).toHaveValue("Reminder: {{ organiser.name }}");
  const preview = page.getByTestId("template-preview");
  await expect(preview.getByTestId("preview-text")).toHaveText("Reminder: Riverside Sports Club");
  await expect(preview.getByTestId("sms-length")).toContainText("1 text message");

  // A syntax error is shown with its line, and saving it is refused on the field.
  await source.fill("Reminder {% if customer %}");
  await expect(preview.getByTestId("template-problem")).toContainText("line 1");
  await page.getByTestId("save-template").click();
  await expect(page.getByText("The template has a syntax error.").first()).toBeVisible();
  // The preview and the save were answered 400 TEMPLATE_INVALID, which the browser logs.
  await expectConsoleError(consoleErrors, /status of 400/);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !/status of 400/.test(e)),
  );

  await source.fill("Reminder: {{ organiser.name }} expects you tomorrow.");
  await page.getByTestId("save-template").click();
  await page.waitForURL(/\/admin\/notifications\/templates\/[a-z0-9]+$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId("delete-item").click();
  await page.getByTestId("confirm-action").click();
  await page.waitForURL(/\/admin\/notifications\/templates$/);
  await expect(page.getByTestId("templates-table")).not.toContainText(name);
});
