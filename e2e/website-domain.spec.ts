import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

// The console's Website › Domain page (decision 0044): the organiser enters its domain, sees the
// DNS records to create, verifies (the machine has no outside DNS: the check fails with its
// reason) and removes it.

test("an own domain is entered, its DNS records shown, checked with a reason, and removed", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/website/domain`);
  await hydrated(page);

  const form = page.getByTestId("domain-form");
  await form.getByLabel("Domaine").fill("demo.localhost");
  await form.getByTestId("domain-save").click();
  await expect(form).toContainText("appartient à la plateforme");

  const domain = `stages-${Date.now()}.example.org`;
  await form.getByLabel("Domaine").fill(`https://${domain.toUpperCase()}/`);
  await form.getByTestId("domain-save").click();
  const state = page.getByTestId("domain-state");
  await expect(state).toContainText(domain);
  await expect(page.getByTestId("domain-status")).toHaveText("En attente");
  await expect(page.getByTestId("domain-record-TXT")).toContainText(`_booking-verify.${domain}`);
  await expect(page.getByTestId("domain-record-CNAME")).toContainText("demo.localhost");

  await page.getByTestId("domain-verify").click();
  await expect(page.getByTestId("domain-status")).toHaveText("En échec", { timeout: 30_000 });
  await expect(state).toContainText("Dernière vérification");
  await expect(page.getByTestId("domain-explanation")).not.toBeEmpty();

  await page.getByTestId("domain-remove").click();
  await page.getByTestId("confirm-action").click();
  await expect(page.getByTestId("domain-state")).toHaveCount(0);
  await expect(page.getByTestId("domain-form").getByLabel("Domaine")).toHaveValue("");
});
