import type { Page } from "@playwright/test";
import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
import {
  addRegistration,
  checkoutByTransfer,
  consoleApi,
  consoleLogin,
  consoleOrigin,
  roomyAvailability,
  signUpNewCustomer,
} from "./helpers.ts";

// Proofs of payment (issue 17 §4, decision 0098): a parent sends the proof of their transfer
// from their order's page (a wrong file is refused in place), staff find it on the customer's
// Paniers tab, open it and record the transfer from there.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** What the page's own session gets at `href` (the browser resolves the demo's hosts). */
function fetched(page: Page, href: string | null) {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      body: String.fromCharCode(...bytes),
    };
  }, href!);
}

test("a parent sends a proof of payment, staff open it and record the transfer", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await signUpNewCustomer(page, "/fr", "Preuve");
  const path = await roomyAvailability(page);
  await addRegistration(page, path);
  await checkoutByTransfer(page);
  const cart = /\/checkout\/([^/]+)\/success$/.exec(new URL(page.url()).pathname)![1]!;

  await page.goto(`/fr/account/carts/${cart}`);
  await hydrated(page);
  const send = page.getByRole("button", { name: "Envoyer une preuve de paiement" });
  await page.getByLabel("Preuve de paiement").setInputFiles({
    name: "virement.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html></html>"),
  });
  await send.click();
  await expect(page.getByTestId("proof-error")).toHaveText(
    "Ce fichier n'est ni un PDF, ni une image JPEG ou PNG.",
  );
  await expectConsoleError(consoleErrors, /415/);
  await page
    .getByLabel("Preuve de paiement")
    .setInputFiles({ name: "virement juin.pdf", mimeType: "application/pdf", buffer: PDF });
  await send.click();
  await expect(page.getByText("Preuve de paiement envoyée.")).toBeVisible();
  const sent = page.getByTestId("order-proof");
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText("virement juin.pdf");
  expect(await fetched(page, await sent.getByRole("link").getAttribute("href"))).toEqual({
    status: 200,
    type: "application/pdf",
    body: PDF.toString("latin1"),
  });

  const staff = await page.context().newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(staff);
  const found = await consoleApi(
    staff,
    "GET",
    `/api/admin/customers?q=${encodeURIComponent(email)}`,
  );
  await staff.goto(`${consoleOrigin}/admin/customers/${found.data[0].cuid}?tab=carts`);
  await hydrated(staff);
  const proofs = staff.getByTestId("cart-proofs");
  const link = proofs.getByTestId("cart-proof");
  await expect(link).toHaveText("virement juin.pdf");
  expect(await fetched(staff, await link.getAttribute("href"))).toEqual({
    status: 200,
    type: "application/pdf",
    body: PDF.toString("latin1"),
  });

  await proofs.getByTestId("record-transfer").click();
  await staff.getByTestId("transfer-submit").click();
  await expect(staff.getByText(/est entièrement payée/)).toBeVisible();
  await expect(proofs).toContainText("Commande payée.");
  await expect(proofs.getByTestId("record-transfer")).toHaveCount(0);
});
