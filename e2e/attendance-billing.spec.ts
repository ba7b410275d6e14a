import { camt053 } from "../apps/server/test/bank-statement-files.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin, login } from "./helpers.ts";

// Attendance billing in the browser (issue 15 §4; docs/decisions/0064-attendance-billing.md): a
// member of staff records a child's arrival and departure on the sheet of the nature club's latest
// session from a phone, sees them in the month's preview on the activity's Attendance billing tab,
// steps back to last month (issued from the seeded sheets: the demo has no ended month left to
// issue), adjusts an item with a reason, issues the month before by hand; then the demo parent
// pays last month's charge: all but 1 € by bank transfer with its reference (credited when staff
// import the bank statement, decision 0067), the rest online, and sees it paid.

type Session = {
  availability: { cuid: string; activity: { title: string } };
  date: { cuid: string };
};

test("staff record times and adjust a month of charges; a parent pays one by transfer and online", async ({
  page,
}) => {
  await consoleLogin(page);
  const { data: activities } = (await consoleApi(
    page,
    "GET",
    "/api/admin/activities?q=Club%20nature",
  )) as { data: Array<{ cuid: string; title: string }> };
  const club = activities.find((activity) => activity.title === "Club nature du mercredi")!;

  // The club's latest session that has started: its sheet on a phone.
  let session: Session | null = null;
  for (let daysAgo = 0; daysAgo < 8 && !session; daysAgo += 1) {
    const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const { sessions } = (await consoleApi(page, "GET", `/api/admin/attendance?day=${day}`)) as {
      sessions: Session[];
    };
    session = sessions.find((row) => row.availability.activity.title === club.title) ?? null;
  }
  expect(session).not.toBeNull();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(
    `${consoleOrigin}/admin/availabilities/${session!.availability.cuid}/dates/${session!.date.cuid}/attendance`,
  );
  await hydrated(page);
  const entry = page.getByTestId("attendance-entry").first();
  await entry.getByRole("button", { name: "Présent" }).click();
  await expect(entry.getByRole("button", { name: "Présent" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // A session of an earlier day: the times are typed (on its day, "Arrivé maintenant").
  await entry.getByTestId("arrived_at-time").fill("16:30");
  await entry.getByTestId("arrived_at-time").blur();
  await expect(entry.getByTestId("departed_at-time")).toBeEnabled();
  await entry.getByTestId("departed_at-time").fill("17:20");
  await entry.getByTestId("departed_at-time").blur();
  await expect(page.getByTestId("attendance-counts")).toContainText("1 présents");

  // The billing tab: this month's preview counts the presence just recorded.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${consoleOrigin}/admin/activities/${club.cuid}?tab=attendance_billing`);
  await hydrated(page);
  await expect(page.getByTestId("billing-title")).toHaveValue("Garderie du club nature");
  const cycle = page.getByTestId("attendance-cycle");
  await expect(cycle.getByTestId("cycle-state")).toContainText("Émis le");
  await cycle.getByTestId("cycle-next").click();
  await expect(cycle.getByTestId("cycle-state")).toContainText("Mois en cours");
  await expect(cycle.getByTestId("cycle-item").first()).toBeVisible();
  await cycle.getByTestId("cycle-previous").click();
  await expect(cycle.getByTestId("cycle-state")).toContainText("Émis le");

  // Last month, issued: its first item lowered by 1,25 € with a reason.
  const charge = cycle.getByTestId("cycle-charge").first();
  const before = (await charge.getByTestId("charge-total").textContent()) ?? "";
  const item = charge.getByTestId("cycle-item").first();
  await item.getByTestId("item-adjust").click();
  const amount = item.getByTestId("item-amount");
  const current = Number((await amount.inputValue()).replace(",", "."));
  await amount.fill((current - 1.25).toFixed(2).replace(".", ","));
  await item.getByTestId("item-note").fill("Parti plus tôt que noté");
  await item.getByTestId("item-save").click();
  await expect(page.getByText("Montant ajusté")).toBeVisible();
  await expect(charge.getByTestId("charge-total")).not.toHaveText(before);

  // The month before, ended (nothing recorded then in the demo: the month closes with no charge):
  // staff issue it by hand, unless the hourly job already caught it up (decision 0072) while
  // this run's server was up; either way it cannot be issued twice.
  const issuedBefore = (await cycle.getByTestId("cycle-state").textContent()) ?? "";
  await cycle.getByTestId("cycle-previous").click();
  await expect(cycle.getByTestId("cycle-state")).not.toHaveText(issuedBefore);
  if ((await cycle.getByTestId("cycle-state").textContent())?.includes("Aperçu")) {
    await cycle.getByTestId("cycle-issue").click();
  }
  await expect(cycle.getByTestId("cycle-state")).toContainText("Émis le");
  await expect(cycle.getByTestId("cycle-issue")).toHaveCount(0);

  // The parent pays last month's charge online from the account.
  await login(page);
  await page.goto("/fr/account/attendance-charges");
  await hydrated(page);
  await page.getByTestId("attendance-charge-card").first().click();
  await page.waitForURL(/\/fr\/account\/attendance-charges\/[a-z0-9]+$/);
  await hydrated(page);
  await expect(page.getByText(/\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+|RF\d+/).first()).toBeVisible();
  const badge = page.getByTestId("payment-badge");
  await expect(badge).toHaveAttribute("data-kind", "outstanding");

  // The family transfers all but 1 € with the charge's reference; staff import the statement.
  const chargeCuid = page.url().split("/").pop()!;
  const { attendance_charge: owed } = (await page.evaluate(async (cuid) => {
    const response = await fetch(`/api/attendance-charges/${cuid}`);
    return response.json();
  }, chargeCuid)) as { attendance_charge: { reference: string; amount_due: number } };
  expect(owed.amount_due).toBeGreaterThan(100);
  const statementId = `GARDERIE-${Date.now()}`;
  await page.goto(`${consoleOrigin}/admin/payments/import`);
  await hydrated(page);
  await page.getByTestId("statement-file").setInputFiles({
    name: "virements-garderie.xml",
    mimeType: "application/xml",
    buffer: Buffer.from(
      camt053(
        [
          {
            amount: owed.amount_due - 100,
            bankReference: statementId,
            structured: owed.reference,
            counterparty: "Parent Démo",
          },
        ],
        { statementId },
      ),
    ),
  });
  await expect(page.getByTestId("import-result")).toBeVisible();
  await expect(page.getByTestId("line-target")).toHaveText(`Facture de présence ${owed.reference}`);
  await page.goto(`/fr/account/attendance-charges/${chargeCuid}`);
  await hydrated(page);
  await expect(badge).toHaveAttribute("data-kind", "outstanding");
  await expect(badge).toHaveText(/^1\s*€/);

  await page.getByTestId("online-payment").click();
  await page.waitForURL(/\/payments\/test\/[^/?#]+$/);
  await page.getByRole("button", { name: "Payer" }).click();
  await page.waitForURL(/\/fr\/account\/attendance-charges\/[a-z0-9]+/);
  await hydrated(page);
  await expect(badge).toHaveAttribute("data-kind", "complete", { timeout: 20_000 });
  await expect(page.getByTestId("online-payment")).toHaveCount(0);
});
