import type { ManualRecipients } from "@booking/contracts";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin, seriousViolations } from "./helpers.ts";

type Page = Parameters<typeof consoleApi>[0];

/** The cuids of a demo customer's children, found by the family's name. */
async function children(
  page: Page,
  lastname: string,
): Promise<{ customer: string; kids: string[] }> {
  const list = (await consoleApi(page, "GET", `/api/admin/customers?q=${lastname}`)) as {
    data: { cuid: string }[];
  };
  const customer = list.data[0]!.cuid;
  const detail = (await consoleApi(page, "GET", `/api/admin/customers/${customer}`)) as {
    participants: { cuid: string; archived: boolean }[];
  };
  return { customer, kids: detail.participants.filter((p) => !p.archived).map((p) => p.cuid) };
}

/**
 * An upcoming demo availability with room for three, where staff register by hand the two
 * Lambert children and Noah Peeters: three registrations of two families.
 */
async function availabilityOfTwoFamilies(page: Page): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const list = (await consoleApi(
    page,
    "GET",
    `/api/admin/availabilities?status=OPEN&from=${today}&page_size=100`,
  )) as { data: { cuid: string; capacity: number | null; registered: number }[] };
  const roomy = list.data.find(
    (row) => row.capacity === null || row.capacity - row.registered >= 5,
  );
  const form = (await consoleApi(
    page,
    "GET",
    `/api/admin/availabilities/${roomy!.cuid}/registration-form`,
  )) as { availability: { dates: { id: number; start_at: string }[] } };
  const dates = form.availability.dates
    .filter((date) => date.start_at > new Date().toISOString())
    .map((date) => ({ date_id: date.id }));
  for (const family of [await children(page, "Lambert"), await children(page, "Peeters")]) {
    for (const kid of family.kids) {
      // 201, or 409 when the child is registered there already: either way the family is.
      const status = await page.evaluate(
        async (body) => {
          const xsrf = document.cookie
            .split("; ")
            .find((cookie) => cookie.startsWith("XSRF-TOKEN="))
            ?.slice("XSRF-TOKEN=".length);
          const response = await fetch("/api/admin/registrations", {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-xsrf-token": decodeURIComponent(xsrf ?? ""),
            },
            body: JSON.stringify(body),
          });
          return response.status;
        },
        {
          customer: family.customer,
          participant: kid,
          availability: roomy!.cuid,
          availability_dates: dates,
          age_override: true,
        },
      );
      expect([201, 409]).toContain(status);
    }
  }
  return roomy!.cuid;
}

/**
 * Staff open an availability, write to its families ("bring a swimsuit") with a variable, look at
 * the preview on a real family, send, and the outbox holds one e-mail per family, each with that
 * family's own first name.
 */
test("staff send a message to an availability's families: one e-mail per family in the outbox", async ({
  page,
}) => {
  // Registrations by hand, a preview rendered by the server, then the outbox's delivery.
  test.setTimeout(120_000);
  await consoleLogin(page);
  const cuid = await availabilityOfTwoFamilies(page);
  const recipients = (await consoleApi(
    page,
    "GET",
    `/api/admin/notifications/manual/recipients?type=AVAILABILITY&availability=${cuid}`,
  )) as ManualRecipients;
  // Both Lambert children are registered: their family is written to once.
  const lambert = recipients.data.filter((family) => family.fullname.endsWith("Lambert"));
  expect(lambert).toHaveLength(1);
  expect(lambert[0]!.participants).toHaveLength(2);
  const subject = `Apportez un maillot ${Date.now()}`;

  await page.goto(`${consoleOrigin}/admin/availabilities/${cuid}`);
  await hydrated(page);
  await page.getByTestId("send-message").click();
  await page.waitForURL(/\/admin\/notifications\/compose\?type=AVAILABILITY/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Envoyer un message");
  await expect(page.getByTestId("recipients-count")).toContainText(`${recipients.count} familles`);

  await page.getByTestId("manual-subject").fill(subject);
  const editor = page.getByTestId("manual-content");
  await editor.click();
  await page.keyboard.type("Bonjour ");
  await page.getByTestId("insert-variable").selectOption("firstname");
  await page.keyboard.type(", pensez au maillot de bain samedi.");

  // The composer as staff fill it in (before the preview's frame, which axe cannot enter).
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId("manual-preview-button").click();
  const preview = page.getByTestId("manual-preview");
  await expect(preview.getByTestId("preview-subject")).toHaveText(subject);
  const firstname = recipients.data[0]!.firstname;
  await expect(
    page.frameLocator('[data-testid="preview-email"]').getByText(`Bonjour ${firstname}, pensez`),
  ).toBeVisible();

  await page.getByTestId("manual-send").click();
  await page.waitForURL(/\/admin\/notifications\/sent$/);
  const row = page.getByTestId("manual-messages-table").getByRole("row").filter({
    hasText: subject,
  });
  await expect(row.getByTestId("manual-counts")).toContainText(`${recipients.count} e-mails`);
  await expect(row.getByTestId("manual-status")).toHaveAttribute("data-status", "SENT");

  // One e-mail per family in the development outbox, each with its own first name.
  await page.goto(`${consoleOrigin}/admin/dev/outbox`);
  const sent = page.getByTestId("outbox-email").filter({ hasText: subject });
  await expect(async () => {
    await page.reload();
    await expect(sent).toHaveCount(recipients.count, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  for (const family of recipients.data) {
    const email = sent.filter({ hasText: family.email });
    await expect(email).toHaveCount(1);
    await email.locator("summary").first().click();
    await expect(email).toContainText(`Bonjour ${family.firstname}, pensez`);
  }
});
