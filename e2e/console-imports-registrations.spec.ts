import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin } from "./helpers.ts";

// Issue 17 §2, registrations (decision 0091): an organiser downloads the sample, sends a file
// one row too many for a session's places, reads which row does not fit, moves it to another
// session and imports the file without mailing the families.

const run = Date.now().toString(36);
const HEADER = "E-mail;Prénom;Nom;Téléphone;Prénom de l'enfant;Date de naissance;ID disponibilité";
const file = (name: string, lines: string[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from([HEADER, ...lines].join("\r\n")),
});
const row = (index: number, availability: string) =>
  `parent${index}.${run}@example.be;Anne;Import${run};0470 12 34 56;Enfant${index};03/05/2016;${availability}`;

type Summary = { free_places: number | null; status: string };

test("an organiser moves a full session's row and imports the registrations", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/imports/new`);
  await hydrated(page);

  // Two sessions of the demo: one with a few places left, one with room.
  const choices = (await consoleApi(page, "GET", "/api/admin/registrations/availabilities?q="))
    .data as { cuid: string; status: string }[];
  const sessions: { cuid: string; free: number | null }[] = [];
  for (const choice of choices.filter((c) => c.status === "OPEN")) {
    const form = await consoleApi(
      page,
      "GET",
      `/api/admin/availabilities/${choice.cuid}/registration-form`,
    );
    const summary = form.availability as Summary;
    sessions.push({ cuid: choice.cuid, free: summary.free_places });
  }
  const small = sessions.find((s) => s.free !== null && s.free >= 1 && s.free <= 12);
  expect(small, "a demo session with a few places left").toBeDefined();
  const roomy = sessions.find((s) => s.cuid !== small!.cuid && (s.free === null || s.free >= 2));
  expect(roomy, "a demo session with room").toBeDefined();
  const places = small!.free!;

  await page.getByRole("radio", { name: /Inscriptions/ }).check();
  const sample = await page.getByTestId("import-sample").getAttribute("href");
  const sampleText = await page.evaluate(async (url) => (await fetch(url)).text(), sample!);
  expect(sampleText).toContain("ID inscription");

  // One row more than the session's places: the last one is named.
  const full = Array.from({ length: places + 1 }, (_, i) => row(i, small!.cuid));
  await page.getByTestId("import-file").setInputFiles(file("inscriptions.csv", full));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("inscriptions.csv");
  await hydrated(page);
  const errors = page.getByTestId("import-error-row");
  await expect(errors).toHaveCount(1);
  await expect(errors.first()).toContainText(String(places + 2));
  await expect(errors.first()).toContainText("Plus de place");
  await expect(page.getByTestId("import-commit")).toHaveCount(0);

  // The row moved to a session with room: every row fits.
  const fixed = [...full.slice(0, places), row(places, roomy!.cuid)];
  await page.getByTestId("import-file").setInputFiles(file("inscriptions-corrige.csv", fixed));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("inscriptions-corrige.csv");
  await hydrated(page);
  await expect(page.getByTestId("import-registrations-created")).toContainText(String(places + 1));
  await expect(page.getByTestId("import-send-confirmations")).not.toBeChecked();
  await page.getByTestId("import-commit").click();
  await expect(page.getByText("Importé le")).toBeVisible();
  await expect(page.getByTestId("import-registrations-created")).toContainText(
    `${places + 1} créés`,
  );
  const after = await consoleApi(
    page,
    "GET",
    `/api/admin/availabilities/${small!.cuid}/registration-form`,
  );
  expect((after.availability as Summary).free_places).toBe(0);
});
