import jsqr from "jsqr";
import { PNG } from "pngjs";
import { expect, hydrated, test } from "./fixtures.ts";
import {
  addRegistration,
  checkoutByTransfer,
  roomyAvailability,
  signUpNewCustomer,
} from "./helpers.ts";

/** Reads the QR code of a screenshot back, as a banking app's camera would. */
function decodeQr(screenshot: Buffer): string | null {
  const png = PNG.sync.read(screenshot);
  // A CommonJS module: its function is also its `default`, which the typings describe.
  return jsqr.default(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** "148,50 €" → "148.50", "90 €" → "90.00". */
function euros(text: string | null): string {
  return Number((text ?? "").replace(/[^\d,]/g, "").replace(",", ".")).toFixed(2);
}

for (const width of [390, 1280]) {
  test(`at ${width} px a parent's confirmation and order page carry the transfer's QR code, with the amount, reference and deadline`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // A new customer: the order is theirs alone, whatever other tests did.
    await signUpNewCustomer(page);
    await addRegistration(page, await roomyAvailability(page));
    await checkoutByTransfer(page);
    const cart = /\/checkout\/([^/]+)\/success$/.exec(page.url())![1]!;

    const reference = (await page.getByTestId("success-reference").textContent())!.trim();
    const amount = await page.getByTestId("success-amount").textContent();
    const qr = page.getByTestId("epc-qr");
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute("aria-label", new RegExp(reference.replace(/\+/g, "\\+")));
    await expect(page.getByTestId("epc-qr-amount")).toHaveText(amount!);
    await expect(page.getByTestId("success-due")).toHaveText(/^À payer au plus tard le /);

    // What a banking app reads: the demo's account, the amount due and the reference.
    const payload = decodeQr(await qr.screenshot());
    expect(payload?.split("\n")).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "GKCCBEBB",
      "Les Petits Explorateurs ASBL",
      "BE68539007547034",
      `EUR${euros(amount)}`,
      "",
      "",
      reference,
    ]);

    // The order's page in the account shows the same code while it is owed.
    await page.goto(`/fr/account/carts/${cart}`);
    await hydrated(page);
    expect(decodeQr(await page.getByTestId("epc-qr").screenshot())).toBe(payload);
  });
}
