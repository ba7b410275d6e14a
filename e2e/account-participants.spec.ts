import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { availabilityWithOptions, chooseBirthdate, login } from "./helpers.ts";

/** A name no other test uses, so that lists and selects find exactly this participant. */
function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}`;
}

async function fillParticipant(
  page: Page,
  values: { firstname: string; lastname: string; birthdate: string },
): Promise<void> {
  const form = page.getByTestId("participant-form");
  await form.getByLabel("Prénom").fill(values.firstname);
  await form.getByLabel("Nom", { exact: true }).fill(values.lastname);
  await chooseBirthdate(form, values.birthdate);
}

/** Deletes the participants matching `fullname` through the API (cleanup of the shared demo customer). */
async function deleteThroughApi(page: Page, fullname: string): Promise<void> {
  await page.evaluate(async (name) => {
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "");
    const response = await fetch(`/api/participants?search=${encodeURIComponent(name)}`);
    const { data } = (await response.json()) as { data: Array<{ id: number }> };
    for (const participant of data) {
      await fetch(`/api/participants?participant_id=${participant.id}`, {
        method: "DELETE",
        headers: { "x-xsrf-token": xsrf },
      });
    }
  }, fullname);
}

test.describe("participants in the account area", () => {
  test("the demo parent creates, edits and deletes a participant (390 px)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await page.goto("/fr/account/participants");
    await hydrated(page);
    const count = page.locator('[data-tab="participants"] [data-testid="tab-count"]');
    const before = Number(await count.textContent());
    await expect(page.getByTestId("participant-card")).toHaveCount(before);

    await page.getByTestId("participant-add").click();
    await page.waitForURL(/\/fr\/account\/participants\/new$/);
    await hydrated(page);
    const firstname = uniqueName("Zoé");
    // Empty form: the rules of §5 show on the fields, nothing is sent.
    await page.getByTestId("participant-submit").click();
    await expect(page.getByText("Ce champ est obligatoire.").first()).toBeVisible();
    await fillParticipant(page, { firstname, lastname: "Martin", birthdate: "2017-03-14" });
    await page
      .getByRole("group", { name: /Autorisation de photos/ })
      .getByLabel("Oui")
      .check();
    await page
      .getByRole("group", { name: /Centres d'intérêt/ })
      .getByLabel("Musique")
      .check();
    await page.getByTestId("participant-submit").click();

    await page.waitForURL(/\/fr\/account\/participants$/);
    await expect(page.getByText("Participant ajouté.")).toBeVisible();
    const card = page.getByTestId("participant-card").filter({ hasText: `${firstname} Martin` });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Né·e le 14 mars 2017");
    await expect(count).toHaveText(String(before + 1));

    // Edit: the stored values come back in the form, the change shows in the list.
    await card.getByRole("link", { name: `Modifier ${firstname} Martin` }).click();
    await page.waitForURL(/\/edit$/);
    await hydrated(page);
    const form = page.getByTestId("participant-form");
    await expect(form.getByLabel("Prénom")).toHaveValue(firstname);
    await expect(form.getByTestId("birthdate-day")).toHaveValue("14");
    await expect(form.getByTestId("birthdate-month")).toHaveValue("3");
    await expect(form.getByTestId("birthdate-year")).toHaveValue("2017");
    await expect(form.getByLabel("Oui")).toBeChecked();
    await expect(form.getByLabel("Musique")).toBeChecked();
    await form.getByLabel("Nom", { exact: true }).fill("Martin-Leroy");
    await page.getByTestId("participant-submit").click();
    await page.waitForURL(/\/fr\/account\/participants$/);
    await expect(page.getByText("Participant mis à jour.")).toBeVisible();
    const edited = page
      .getByTestId("participant-card")
      .filter({ hasText: `${firstname} Martin-Leroy` });
    await expect(edited).toBeVisible();

    // Delete: the button waits for the full name (spaces and case ignored).
    await edited.getByRole("link", { name: `Supprimer ${firstname} Martin-Leroy` }).click();
    await page.waitForURL(/\/delete$/);
    await hydrated(page);
    const confirm = page.getByTestId("delete-confirmation");
    const submit = confirm.getByRole("button", { name: "Supprimer définitivement" });
    await expect(submit).toBeDisabled();
    await confirm.getByLabel("Nom complet du participant").fill(`${firstname} Martin`);
    await expect(submit).toBeDisabled();
    await confirm
      .getByLabel("Nom complet du participant")
      .fill(` ${firstname.toUpperCase()}  martin - leroy `);
    await expect(submit).toBeEnabled();
    await submit.click();

    await page.waitForURL(/\/fr\/account\/participants$/);
    await expect(page.getByText("Participant supprimé.")).toBeVisible();
    await expect(page.getByTestId("participant-card").filter({ hasText: firstname })).toHaveCount(
      0,
    );
    await expect(count).toHaveText(String(before));
  });

  test("creating a participant from an availability's add form comes back with it chosen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    const path = await availabilityWithOptions(page);
    await page.goto(path);
    await hydrated(page);
    // A child in the middle of the availability's age range, so that the form may choose them.
    const ages = /De (\d+) à (\d+) ans/.exec((await page.locator("main").textContent()) ?? "");
    const age = ages ? Math.floor((Number(ages[1]) + Number(ages[2])) / 2) : 8;
    const birthdate = `${new Date().getFullYear() - age}-01-15`;
    const addForm = page.getByTestId("add-to-cart-form");
    await addForm.getByRole("link", { name: "Ajouter un participant" }).click();

    await page.waitForURL(/\/account\/participants\/new\?redirect=/);
    await hydrated(page);
    await expect(
      page.getByText("Une fois le participant enregistré, vous retrouverez votre inscription"),
    ).toBeVisible();
    const firstname = uniqueName("Léon");
    await fillParticipant(page, { firstname, lastname: "Redirigé", birthdate });
    await page.getByTestId("participant-submit").click();

    // Back on the availability, with ?participant={cuid} and the new participant selected.
    await page.waitForURL((url) => url.pathname === path && url.searchParams.has("participant"));
    await hydrated(page);
    await expect(page.getByText("Participant ajouté.")).toBeVisible();
    const select = page.getByTestId("add-to-cart-form").getByLabel("Participant", { exact: true });
    await expect(select.locator("option:checked")).toHaveText(`${firstname} Redirigé`);

    await deleteThroughApi(page, firstname);
  });
});
