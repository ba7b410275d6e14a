import { expect, hydrated, test } from "./fixtures.ts";
import { consoleApi, consoleLogin, consoleOrigin, login, origin } from "./helpers.ts";

const SHOTS = process.env.E2E_SHOTS;

test("staff save a date pattern and pick it when generating dates; the availability offers its calendar feed", async ({
  page,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/date-configurations`);
  await hydrated(page);
  const name = `Stage d'été ${Date.now()}`;
  await page.getByTestId("date-configurations-new").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("date-configuration-name").fill(name);
  for (const weekday of [1, 2, 3, 4, 5]) {
    await dialog.getByTestId(`schedule-weekday-${weekday}`).check({ force: true });
  }
  await dialog.getByTestId("schedule-slot-0-start").fill("09:00");
  await dialog.getByTestId("schedule-slot-0-end").fill("16:00");
  await dialog.getByTestId("save-date-configuration").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("date-configurations")).toContainText(name);
  await expect(page.getByTestId("date-configurations")).toContainText("09:00–16:00");

  // An availability's « generate dates » dialog fills its weekdays and slot from the pattern.
  const list = await consoleApi(page, "GET", "/api/admin/availabilities?page_size=1");
  const cuid = (list as { data: Array<{ cuid: string }> }).data[0]!.cuid;
  await page.goto(`${consoleOrigin}/admin/availabilities/${cuid}`);
  await hydrated(page);
  await page.getByTestId("generate-dates").click();
  const schedule = page.getByRole("dialog");
  await schedule.getByTestId("schedule-pattern").selectOption({ label: name });
  for (const weekday of [1, 5]) {
    await expect(schedule.getByTestId(`schedule-weekday-${weekday}`)).toBeChecked();
  }
  await expect(schedule.getByTestId("schedule-weekday-6")).not.toBeChecked();
  await expect(schedule.getByTestId("schedule-slot-0-start")).toHaveValue("09:00");
  await expect(schedule.getByTestId("schedule-slot-0-end")).toHaveValue("16:00");
  await page.keyboard.press("Escape");

  const feed = page.getByTestId("availability-calendar-feed");
  await expect(feed.getByTestId("calendar-subscribe-webcal")).toHaveAttribute(
    "href",
    /^webcal:\/\/demo\.localhost:\d+\/api\/calendars\/.+\.ics$/,
  );
  const address = await feed.getByTestId("calendar-subscribe-url").inputValue();
  // Node does not resolve *.localhost as the browser does: the demo's host goes in the header.
  const feedUrl = new URL(address);
  const ics = await page.request.get(address.replace(feedUrl.hostname, "127.0.0.1"), {
    headers: { host: feedUrl.host },
  });
  expect(ics.status()).toBe(200);
  expect(await ics.text()).toContain("BEGIN:VEVENT");
  if (SHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await feed.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/console-feed-${width}.png` });
      await page.goto(`${consoleOrigin}/admin/date-configurations`);
      await hydrated(page);
      await page.screenshot({ path: `${SHOTS}/console-patterns-${width}.png`, fullPage: true });
      await page.goto(`${consoleOrigin}/admin/availabilities/${cuid}`);
      await hydrated(page);
    }
  }
});

test("a family finds the subscribe link on its registration's page", async ({ page }) => {
  await login(page);
  const { data } = await page.evaluate(async () => {
    const answer = await fetch("/api/registrations?page_size=100");
    return (await answer.json()) as { data: Array<{ cuid: string; cancelled: boolean }> };
  });
  const live = data.find((registration) => !registration.cancelled);
  expect(live, "the demo parent has a live registration").toBeTruthy();
  await page.goto(`${origin}/account/registrations/${live!.cuid}`);
  await hydrated(page);
  const subscribe = page.getByTestId("calendar-subscribe");
  await expect(subscribe.getByTestId("calendar-subscribe-webcal")).toHaveAttribute(
    "href",
    /^webcal:\/\//,
  );
  if (SHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await subscribe.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/account-feed-fr-${width}.png` });
    }
  }
});
