import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

// Issue 17 §2 in the console: an organiser imports a customer file with two bad rows, reads
// them row by row, sends the corrected file and imports it; the customers appear in the list.

const family = Date.now().toString(36);
const HEADER = "Prénom;Nom;E-mail;Téléphone;Prénom de l'enfant;Date de naissance";
const rows = (email2: string, birthdate3: string) =>
  [
    HEADER,
    `Anne;Import${family};anne.${family}@example.be;0470 12 34 56;Léa;03/05/2016`,
    `Anne;Import${family};anne.${family}@example.be;0470 12 34 56;Tom;01/09/2018`,
    `Marc;Import${family};${email2};0470 11 22 33;;`,
    `Zoé;Import${family};zoe.${family}@example.be;0470 99 88 77;Noé;${birthdate3}`,
  ].join("\r\n");
const file = (name: string, content: string) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(content),
});

test("an organiser fixes a customer file's two bad rows and imports it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  await page.getByRole("link", { name: "Imports" }).first().click();
  await page.waitForURL(`${consoleOrigin}/admin/imports`);
  await hydrated(page);
  await page.getByRole("link", { name: "Nouvel import" }).click();
  await hydrated(page);
  await page
    .getByTestId("import-file")
    .setInputFiles(file("familles.csv", rows("marc-sans-arobase", "31/02/2017")));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("familles.csv");
  await hydrated(page);

  // The mapping is guessed from the French headers; the two bad rows are listed.
  await expect(page.getByTestId("import-mapping-select").nth(4)).toHaveValue(
    "participant.firstname",
  );
  const errors = page.getByTestId("import-error-row");
  await expect(errors).toHaveCount(2);
  await expect(errors.nth(0)).toContainText("Adresse e-mail invalide.");
  await expect(errors.nth(1)).toContainText("Date invalide");
  await expect(page.getByTestId("import-commit")).toHaveCount(0);
  const href = await page.getByTestId("import-errors-download").getAttribute("href");
  const download = await page.evaluate(async (url) => (await fetch(url)).text(), href!);
  expect(download).toContain("4,E-mail,INVALID_EMAIL");

  // The corrected file: everything valid, the dry run says what will happen.
  await page
    .getByTestId("import-file")
    .setInputFiles(file("familles-corrige.csv", rows(`marc.${family}@example.be`, "28/02/2017")));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("familles-corrige.csv");
  await hydrated(page);
  await expect(page.getByTestId("import-customers-created")).toContainText("3");
  await expect(page.getByTestId("import-participants-created")).toContainText("3");
  await page.getByTestId("import-commit").click();
  await expect(page.getByText("Importé le")).toBeVisible();
  await expect(page.getByTestId("import-customers-created")).toContainText("3 créés");

  await page.getByRole("link", { name: "Voir les clients" }).click();
  await page.goto(`${consoleOrigin}/admin/customers?q=Import${family}`);
  await hydrated(page);
  for (const email of [`anne.${family}`, `marc.${family}`, `zoe.${family}`]) {
    await expect(page.getByText(`${email}@example.be`).first()).toBeVisible();
  }

  // The history lists the import with what it did.
  await page.goto(`${consoleOrigin}/admin/imports`);
  await expect(
    page.getByTestId("imports-table").getByRole("row").filter({ hasText: "familles-corrige.csv" }),
  ).toContainText("Importé");
});
