import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { WEBHOOK_RECEIVER_PORT } from "../playwright.config.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin } from "./helpers.ts";

/**
 * An organiser subscribes its own receiver (the test's server, on the one private address the
 * test server's configuration allows) to the messages sent by hand, sends one, and sees the
 * signed delivery in the webhook's log; then sends it again from there.
 */
test("an organiser adds a webhook and sees its delivery", async ({ page }) => {
  test.setTimeout(150_000);
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) =>
    receiver.listen(WEBHOOK_RECEIVER_PORT, "127.0.0.1", resolve),
  );
  try {
    await consoleLogin(page);
    await page
      .getByRole("link", { name: /intégrations|integrations/i })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === "/admin/integrations");
    await hydrated(page);
    await page.getByTestId("new-webhook").click();
    await page.waitForURL(/\/admin\/integrations\/webhooks\/new$/);
    await hydrated(page);
    await page.fill('[name="url"]', `http://127.0.0.1:${WEBHOOK_RECEIVER_PORT}/hooks`);
    await page.fill('[name="description"]', "Our CRM");
    await page.locator('input[name="event_types"][value="manual"]').check();
    await page.getByTestId("webhook-save").click();
    await page.waitForURL(/\/admin\/integrations\/webhooks\/[a-z0-9]+$/);
    const secret = await page.getByTestId("webhook-secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByTestId("webhook-deliveries")).toContainText(
      /aucune livraison|no delivery/i,
    );

    // A message sent by hand to one family: a `manual` event.
    const customers = (await consoleApi(page, "GET", "/api/admin/customers?q=Lambert")) as {
      data: { cuid: string }[];
    };
    await consoleApi(page, "POST", "/api/admin/notifications/manual", {
      target: { type: "CUSTOMER", customer: customers.data[0]!.cuid },
      email: true,
      sms: false,
      subject: "Piscine",
      content: "<p>Pensez au maillot.</p>",
      request_key: `webhook-test-${Date.now()}`,
    });

    // The events relay, its consumer (which waits for a quiet database) and the webhooks queue.
    const log = page.getByTestId("webhook-deliveries");
    await expect(async () => {
      await page.reload();
      await expect(log.getByText("204")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    await expect(log).toContainText("manual");
    await expect(log).toContainText(/livrée|delivered/i);

    expect(received).toHaveLength(1);
    const [delivery] = received;
    const timestamp = String(delivery!.headers["webhook-timestamp"]);
    const signature = createHmac("sha256", secret)
      .update(`${timestamp}.${delivery!.body}`)
      .digest("hex");
    expect(delivery!.headers["webhook-signature"]).toBe(`v1=${signature}`);
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: "manual" });

    await hydrated(page);
    await page.getByTestId("resend-delivery").first().click();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(received[1]!.body).toBe(delivery!.body);
    await page.goto(`${consoleOrigin}/admin/integrations`);
    await expect(page.getByTestId("webhooks-table")).toContainText(
      `127.0.0.1:${WEBHOOK_RECEIVER_PORT}`,
    );
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
