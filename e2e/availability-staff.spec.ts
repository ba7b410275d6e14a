import { expect, hydrated, test } from "./fixtures.ts";
import {
  addRegistration,
  awaitLoggedMessages,
  checkoutByTransfer,
  consoleApi,
  consoleLogin,
  consoleOrigin,
  origin,
  roomyAvailability,
  signUpNewCustomer,
} from "./helpers.ts";

test("the owner assigns a collaborator with their role to an availability, then removes them", async ({
  page,
}) => {
  await consoleLogin(page);
  const list = await consoleApi(page, "GET", "/api/admin/availabilities?page_size=50");
  // The last one listed: the demo seed assigns staff to the next three only.
  const cuid: string = list.data.at(-1).cuid;
  await consoleApi(page, "PUT", `/api/admin/availabilities/${cuid}/staff`, { staff: [] });
  await page.goto(`${consoleOrigin}/admin/availabilities/${cuid}`);
  await hydrated(page);

  const panel = page.getByTestId("availability-staff");
  await expect(panel.getByRole("heading", { name: "Équipe" })).toBeVisible();
  await expect(panel).toContainText("Aucun collaborateur affecté");
  // A role is required before anything is sent.
  await panel
    .getByLabel("Collaborateur")
    .selectOption({ label: "Lucas Bernard (viewer@demo.test)" });
  await panel.getByRole("button", { name: "Affecter" }).click();
  await expect(panel.getByText("Ce champ est obligatoire")).toBeVisible();
  await panel.getByLabel("Rôle").fill("Animateur");
  await panel.getByRole("button", { name: "Affecter" }).click();
  await expect(page.getByText("Équipe enregistrée")).toBeVisible();
  await expect(panel.getByRole("listitem")).toHaveCount(1);
  await expect(panel.getByRole("listitem")).toContainText("Lucas Bernard · Animateur");

  await page.reload();
  await hydrated(page);
  await expect(panel.getByRole("listitem")).toContainText("Lucas Bernard · Animateur");
  await panel.getByRole("button", { name: "Retirer Lucas Bernard" }).click();
  await expect(panel).toContainText("Aucun collaborateur affecté");
});

test("a collaborator chooses their language and the events they are e-mailed about in their profile", async ({
  page,
}) => {
  await consoleLogin(page, "viewer@demo.test");
  try {
    await page.getByTestId("user-menu").click();
    await page.getByTestId("profile-link").click();
    await page.waitForURL(/\/admin\/profile$/);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon profil");
    const options = page.getByTestId("staff-notification-options");
    await expect(options.getByLabel("Nouvelle inscription")).toBeChecked();
    await expect(options.getByLabel("Place libérée")).not.toBeChecked();

    await options.getByLabel("Nouvelle inscription").uncheck();
    await options.getByLabel("Place libérée").check();
    await page.getByLabel("Langue", { exact: true }).selectOption("en");
    await page.getByRole("button", { name: "Enregistrer" }).click();

    // The console now speaks the collaborator's language.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My profile");
    await page.reload();
    await hydrated(page);
    await expect(options.getByLabel("New registration")).not.toBeChecked();
    await expect(options.getByLabel("Place freed")).toBeChecked();
  } finally {
    await consoleApi(page, "PUT", "/api/admin/profile/notifications", {
      language: null,
      options: ["reservation.created"],
    });
  }
});

test("a collaborator assigned to an availability is e-mailed of a parent's new registration on it", async ({
  page,
}) => {
  await consoleLogin(page);
  const parent = await page.context().newPage();
  await parent.goto(origin);
  await signUpNewCustomer(parent);
  const path = await roomyAvailability(parent);
  const cuid = path.split("/").at(-1)!;
  const url = `/api/admin/availabilities/${cuid}/staff`;
  const before = await consoleApi(page, "GET", url);
  const viewer = before.team.find(
    (member: { email: string }) => member.email === "viewer@demo.test",
  );
  await consoleApi(page, "PUT", url, {
    staff: [{ collaborator: viewer.cuid, role: "Animateur" }],
  });
  try {
    const title = await addRegistration(parent, path);
    // The delivery log's staff e-mails to the volunteer about this activity, before and after.
    const told = { q: "viewer@demo.test", source: "STAFF", subject: title };
    const earlier = await awaitLoggedMessages(page, told, 0);
    await checkoutByTransfer(parent);

    // The events consumer tells the volunteer, in French (the organiser's language, theirs).
    await awaitLoggedMessages(page, told, earlier.length + 1);
    await page.goto(`${consoleOrigin}/admin/notifications/messages?source=STAFF`);
    await hydrated(page);
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: "viewer@demo.test" })
        .filter({ hasText: "Nouvelle inscription" })
        .filter({ hasText: title })
        .first(),
    ).toBeVisible();
  } finally {
    await consoleApi(page, "PUT", url, {
      staff: before.staff.map((row: { collaborator: { cuid: string }; role: string }) => ({
        collaborator: row.collaborator.cuid,
        role: row.role,
      })),
    });
  }
});
