import { readFile } from "node:fs/promises";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, hydrated, test } from "./fixtures.ts";
import { login } from "./helpers.ts";

// Documents of a registration (platform-and-account.md §2.3, §4, §5, §7): the demo parent
// downloads the participation certificate of Léa's camp (over and paid) as a real PDF, fills in
// the tax certificate's custom element, and sees why Hugo's documents cannot be had yet.

type Listed = {
  cuid: string;
  participant: { fullname: string };
  availability: { activity: { title: string } };
};

/** The cuid of the demo parent's registration of `participant` on `activity`. */
async function registrationCuid(page: Page, participant: string, activity: string) {
  const list = await page.evaluate(async () => {
    const response = await fetch("/api/registrations?page_size=100");
    return (await response.json()).data as Listed[];
  });
  const found = list.find(
    (item) =>
      item.participant.fullname === participant && item.availability.activity.title === activity,
  );
  if (!found) throw new Error(`no registration of ${participant} on ${activity}`);
  return found.cuid;
}

/** Serious or critical accessibility violations inside the documents card. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('[data-testid="registration-documents"]')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help}`);
}

async function pdfText(path: string): Promise<{ header: string; text: string }> {
  const bytes = await readFile(path);
  const header = bytes.subarray(0, 5).toString("latin1");
  // pdf.js takes the buffer it is given (it is detached afterwards): give it a copy.
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return { header, text: text.replace(/[\s\u00a0]+/g, " ") };
}

test.describe("registration documents", () => {
  test("the demo parent downloads the participation certificate as a PDF", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    const cuid = await registrationCuid(page, "Léa Dubois", "Stage Nature & Cabanes");
    await page.goto(`/fr/account/registrations/${cuid}`);
    await hydrated(page);

    await expect(page.getByRole("heading", { level: 2, name: "Documents" })).toBeVisible();
    const items = page.getByTestId("registration-documents").getByTestId("registration-document");
    await expect(items).toHaveCount(2);
    const certificate = items.filter({ hasText: "Attestation de participation" });
    const link = certificate.getByRole("link", {
      name: "Télécharger « Attestation de participation » (PDF)",
    });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("Attestation de participation - Léa Dubois.pdf");
    const { header, text } = await pdfText(await download.path());
    expect(header).toBe("%PDF-");
    expect(text).toContain("Léa Dubois");
    expect(text).toContain("Stage Nature & Cabanes");
  });

  test("the tax certificate asks for the child's national number first", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    const cuid = await registrationCuid(page, "Léa Dubois", "Stage Nature & Cabanes");
    await page.goto(`/fr/account/registrations/${cuid}`);
    await hydrated(page);

    const tax = page
      .getByTestId("registration-document")
      .filter({ hasText: "Attestation fiscale – frais de garde (281.86)" });
    // Inline on the registration's page…
    await tax.getByRole("button", { name: "Compléter et télécharger" }).click();
    await expect(tax.getByTestId("document-form")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    // …and on the document's own page, where the form is open at once.
    await tax.getByRole("link", { name: "Attestation fiscale – frais de garde (281.86)" }).click();
    await page.waitForURL(new RegExp(`/fr/account/registrations/${cuid}/documents/[a-z0-9]+$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Attestation fiscale – frais de garde (281.86)",
    );
    const form = page.getByTestId("document-form");
    const input = form.getByLabel(/Numéro de registre national de l'enfant/);
    await input.fill("123");
    await form.getByRole("button", { name: "Télécharger" }).click();
    await expect(form.getByText("Format invalide.")).toBeVisible();

    await input.fill("19.07.21-123.45");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      form.getByRole("button", { name: "Télécharger" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      "Attestation fiscale – frais de garde (281.86) - Léa Dubois.pdf",
    );
    const { header, text } = await pdfText(await download.path());
    expect(header).toBe("%PDF-");
    expect(text).toContain("ATTESTATION DE FRAIS DE GARDE D'ENFANT");
    expect(text).toContain("Dubois Léa");
    expect(text).toContain("19.07.21-123.45");
    await expect(page.getByText("Document téléchargé.")).toBeVisible();
  });

  test("an unpaid camp to come says what is owed and from when", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    const cuid = await registrationCuid(page, "Hugo Dubois", "Stage Multisports");
    await page.goto(`/fr/account/registrations/${cuid}`);
    await hydrated(page);

    const items = page.getByTestId("registration-document");
    await expect(items).toHaveCount(2);
    for (const item of await items.all()) {
      const reasons = item.getByTestId("document-unavailable");
      await expect(reasons).toContainText(/Encore \d+(,\d{2})?\s€ à payer/);
      await expect(reasons).toContainText("Téléchargeable à partir du");
      await expect(item.getByText("Pas encore disponible")).toBeVisible();
      await expect(item.getByTestId("document-download")).toHaveCount(0);
      await expect(item.getByRole("button")).toHaveCount(0);
    }
    expect(await violations(page)).toEqual([]);
  });
});
