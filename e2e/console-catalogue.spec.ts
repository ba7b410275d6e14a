import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin, origin } from "./helpers.ts";

/** A 4 × 3 PNG (red pixels), small enough to write inline. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4YKkNRww4OQASGg2xSCO4RwAAAABJRU5ErkJggg==",
  "base64",
);

test("an owner creates an activity with an option, a question, an image and a weekly schedule, and sees it on the storefront", async ({
  page,
}) => {
  await consoleLogin(page);
  const title = `Stage de cirque ${Date.now()}`;

  await page.goto(`${consoleOrigin}/admin/activities`);
  await hydrated(page);
  await page.getByTestId("new-activity").click();
  await page.waitForURL(/\/admin\/activities\/new$/);
  await hydrated(page);
  await page.getByTestId("activity-title").fill(title);
  const description = page.getByTestId("activity-description");
  await description.click();
  await page.keyboard.type("Jonglerie, équilibre et trapèze pour les 6-10 ans.");
  await page.getByTestId("activity-price").fill("120");
  await page.getByTestId("save-activity").click();
  await page.waitForURL(/\/admin\/activities\/[a-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // An option with one price: a switch on the registration form.
  await page.getByTestId("tab-options").click();
  await page.waitForURL(/tab=options/);
  await hydrated(page);
  await page.getByTestId("options-new").click();
  await page.getByTestId("option-title").fill("Garderie du soir");
  await page.getByTestId("price-label-0").fill("Jusqu'à 18 h");
  await page.getByTestId("price-value-0").fill("5,50");
  await page.getByTestId("save-option").click();
  await expect(
    page.getByTestId("options").getByRole("heading", { name: "Garderie du soir" }),
  ).toBeVisible();
  await expect(page.getByTestId("options").getByText(/5,50/)).toBeVisible();

  // A question with two choices.
  await page.getByTestId("tab-questions").click();
  await page.waitForURL(/tab=questions/);
  await hydrated(page);
  await page.getByTestId("questions-new").click();
  await page.getByTestId("question-type").selectOption("CHOICES_SINGLE");
  await page.getByTestId("question-title").fill("Taille de t-shirt");
  await page.getByTestId("add-choice").click();
  await page.getByTestId("choice-0").fill("S");
  await page.getByTestId("add-choice").click();
  await page.getByTestId("choice-1").fill("M");
  await page.getByTestId("save-question").click();
  await expect(
    page.getByTestId("questions").getByRole("heading", { name: "Taille de t-shirt" }),
  ).toBeVisible();
  await expect(page.getByTestId("questions").getByText(/S, M/)).toBeVisible();

  // An image, resized by the server.
  await page.getByTestId("tab-images").click();
  await page.waitForURL(/tab=images/);
  await hydrated(page);
  await page
    .getByTestId("image-file")
    .setInputFiles({ name: "cirque.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByTestId("images-list").locator("img")).toHaveCount(1);

  await page.getByTestId("publish-activity").click();
  await expect(page.getByTestId("unpublish-activity")).toBeVisible();
  const cuid = new URL(page.url()).pathname.split("/").at(-1);

  await page.goto(`${origin}/fr/activities/${cuid}`);
  await expect(page.getByTestId("activity-title")).toHaveText(title);
  await expect(page.getByText("Jonglerie, équilibre et trapèze pour les 6-10 ans.")).toBeVisible();
  await expect(page.getByTestId("activity-price")).toContainText("120");
  await expect(page.locator('img[src^="/uploads/"]').first()).toBeVisible();

  // Its sessions: every Wednesday 14:00–16:00 in March 2027, across the change to summer time
  // (28 March).
  await page.goto(`${consoleOrigin}/admin/availabilities/new?activity=${cuid}`);
  await hydrated(page);
  await page.getByTestId("schedule-from").fill("2027-03-01");
  await page.getByTestId("schedule-to").fill("2027-03-31");
  await page.locator("label", { has: page.getByTestId("schedule-weekday-3") }).click();
  await page.getByTestId("schedule-slot-0-start").fill("14:00");
  await page.getByTestId("schedule-slot-0-end").fill("16:00");
  await expect(page.getByTestId("schedule-preview").getByTestId("preview-count")).toHaveText(
    "5 dates",
  );
  await page.getByTestId("create-availability").click();
  await page.waitForURL(/\/admin\/availabilities\/(?!new)[a-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const availability = new URL(page.url()).pathname.split("/").at(-1);

  await page.goto(`${origin}/fr/availabilities/${availability}`);
  await expect(page.getByTestId("availability-title")).toHaveText(title);
  const listed = page.getByTestId("availability-dates-list").getByRole("listitem");
  await expect(listed).toHaveCount(5);
  await expect(listed.filter({ hasText: "14:00–16:00" })).toHaveCount(5);
  await expect(listed.first()).toContainText("3 mars");
  await expect(listed.last()).toContainText("31 mars");
});

test("an owner adds a location and a category, then finds the category in the activity form", async ({
  page,
}) => {
  await consoleLogin(page);
  const stamp = Date.now();

  await page.goto(`${consoleOrigin}/admin/locations`);
  await hydrated(page);
  await page.getByTestId("new-location").click();
  await page.getByTestId("location-title").fill(`Chapiteau ${stamp}`);
  await page.getByLabel(/localité|city/i).fill("Namur");
  await page.getByTestId("save-location").click();
  await expect(
    page.getByTestId("locations-table").getByText(`Chapiteau ${stamp}`).first(),
  ).toBeVisible();

  await page.goto(`${consoleOrigin}/admin/categories`);
  await hydrated(page);
  await page.getByTestId("new-category-0").click();
  await page.getByTestId("category-title").fill(`Arts du cirque ${stamp}`);
  await page.getByTestId("save-category").click();
  await expect(
    page.getByTestId("category-groups").getByText(`Arts du cirque ${stamp}`).first(),
  ).toBeVisible();

  await page.goto(`${consoleOrigin}/admin/activities/new`);
  await hydrated(page);
  await expect(page.getByLabel(`Arts du cirque ${stamp}`)).toBeVisible();
});
