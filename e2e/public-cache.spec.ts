import { expect, test } from "./fixtures.ts";
import { login } from "./helpers.ts";

/** The nonce the Content-Security-Policy admits, and the ones the page's scripts carry. */
function nonces(csp: string, html: string) {
  const admitted = /'nonce-([^']+)'/.exec(csp)?.[1];
  const carried = new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]));
  return { admitted, carried: [...carried] };
}

// Chromium resolves *.localhost itself (Node does not): pages are fetched through the browser.
test("anonymous visitors share a rendered page, each with its own script nonce", async ({
  page,
}) => {
  const answers = [];
  for (let index = 0; index < 2; index += 1) {
    const response = await page.goto("/fr/catalogue");
    if (!response) throw new Error("no response");
    expect(response.status()).toBe(200);
    const html = await response.text();
    const { admitted, carried } = nonces(response.headers()["content-security-policy"] ?? "", html);
    expect(admitted).toBeTruthy();
    expect(carried).toEqual([admitted]);
    answers.push({ admitted, html });
  }
  const [first, second] = answers;
  expect(second!.admitted).not.toBe(first!.admitted);
  // Apart from the nonce, the second visitor got the very page the first one got.
  expect(second!.html.replaceAll(second!.admitted!, "")).toBe(
    first!.html.replaceAll(first!.admitted!, ""),
  );
});

test("a logged-in customer never gets the anonymous page", async ({ page }) => {
  // The anonymous home page is in the cache now.
  await page.goto("/fr");
  await expect(page.getByRole("link", { name: "Se connecter" }).first()).toBeVisible();
  await login(page);
  await page.goto("/fr");
  await expect(page.getByRole("link", { name: "Se connecter" })).toHaveCount(0);
});
