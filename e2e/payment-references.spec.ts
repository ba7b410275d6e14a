import { expect, hydrated, test } from "./fixtures.ts";
import { chooseParticipantWithEstimate, port, signUpNewCustomer } from "./helpers.ts";

// The English demo is a London club paid in pounds to a GB account: its order confirmation asks
// for an ISO 11649 creditor reference (RF…) in the transfer's reference field, never the Belgian
// +++…+++ communication (docs/decisions/0032-payment-references.md).

const host = `demo-en.localhost:${port}`;
const enOrigin = `http://${host}`;

test("the English demo's order confirmation asks for its RF payment reference on its GB account", async ({
  page,
}) => {
  // A new customer, so that a retry never meets what an earlier attempt booked.
  await signUpNewCustomer(page, `${enOrigin}/en`);

  // The first availability whose add form has a free date and prices the new participant (age
  // limits), not the football camp (its "Playing level" question is required).
  const sitemap = await page.request.get(`http://127.0.0.1:${port}/sitemap.xml`, {
    headers: { host },
  });
  const paths = [...(await sitemap.text()).matchAll(/<loc>https?:\/\/[^/]+(\/en\/[^<]*)<\/loc>/g)]
    .map((match) => match[1]!)
    .filter((path) => path.includes("/availabilities/"));
  const cookie = (await page.context().cookies(enOrigin))
    .map(({ name, value }) => `${name}=${value}`)
    .join("; ");
  let added = false;
  for (const path of paths) {
    const html = await (
      await page.request.get(`http://127.0.0.1:${port}${path}`, { headers: { host, cookie } })
    ).text();
    const freeDate = [...html.matchAll(/<input[^>]*name="dates"[^>]*>/g)].some(
      ([input]) => !/\sdisabled(=|\s|>)/.test(input),
    );
    if (!html.includes('data-testid="add-to-cart-form"') || !freeDate) continue;
    if (html.includes("Playing level")) continue;
    await page.goto(`${enOrigin}${path}`);
    await hydrated(page);
    const form = page.getByTestId("add-to-cart-form");
    try {
      await chooseParticipantWithEstimate(form);
    } catch {
      continue; // the participant's age is outside this one's limits
    }
    await form.getByTestId("add-to-cart-submit").click();
    await expect(page.getByText("Cart updated.")).toBeVisible();
    added = true;
    break;
  }
  expect(added, "an availability the new participant can book").toBe(true);

  await page.goto(`${enOrigin}/en/checkout`);
  await hydrated(page);
  await expect(page.getByTestId("payment-DELAYED")).toBeChecked();
  await page.getByTestId("checkout-terms").check();
  await page.getByTestId("checkout-submit").click();
  await page.waitForURL(/\/en\/checkout\/[^/]+\/success$/);

  const transfer = page.getByTestId("bank-transfer");
  await expect(page.getByTestId("success-reference")).toHaveText(/^RF\d{12}$/);
  await expect(transfer).toContainText("Payment reference");
  await expect(transfer).toContainText("in your transfer's reference field");
  await expect(transfer).not.toContainText("+++");
  await expect(transfer).not.toContainText(/structured/i);
  await expect(page.getByTestId("success-iban")).toHaveText("GB33 BUKB 2020 1555 5555 55");
  await expect(page.getByTestId("success-amount")).toHaveText(/^£/);
});
