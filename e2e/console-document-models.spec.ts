import type { Page } from "@playwright/test";
import { getDocumentProxy } from "unpdf";
import { expect, hydrated, test } from "./fixtures.ts";
import { consoleLogin, consoleOrigin } from "./helpers.ts";

const PARTICIPATION = "Attestation de participation";

type Placed = { text: string; x: number; y: number };

/** The texts of a PDF's first page with where they start, in points from the left and bottom. */
async function placedTexts(bytes: Buffer): Promise<Placed[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.flatMap((item) =>
    "str" in item && item.str.trim() !== ""
      ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number }]
      : [],
  );
}

/** Waits for the preview's PDF of `version` while `action` runs, and answers its placed texts. */
async function previewAfter(
  page: Page,
  version: number,
  action: () => Promise<unknown>,
): Promise<Placed[]> {
  const registration = await page.getByTestId("preview-registration").inputValue();
  const [response] = await Promise.all([
    page.waitForResponse((answer) =>
      answer.url().endsWith(`/preview?registration=${registration}&version=${version}`),
    ),
    action(),
  ]);
  // The frame's own answer is the browser's PDF viewer's: the page fetches the same URL with its
  // session for the bytes (Node cannot resolve the *.localhost hosts).
  const pdf = await page.evaluate(async (url) => {
    const answer = await fetch(url);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    return { status: answer.status, type: answer.headers.get("content-type"), bytes: [...bytes] };
  }, response.url());
  expect(pdf.status).toBe(200);
  expect(pdf.type).toBe("application/pdf");
  const texts = await placedTexts(Buffer.from(pdf.bytes));
  // A drawn document, not a blank page.
  expect(texts.length).toBeGreaterThan(3);
  return texts;
}

test("staff move an element of a document model with the keyboard and the PDF preview follows", async ({
  page,
}) => {
  await consoleLogin(page);
  await page.goto(`${consoleOrigin}/admin/document-models`);
  await hydrated(page);
  await page
    .getByTestId("document-models-table")
    .getByRole("link", { name: PARTICIPATION, exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PARTICIPATION);
  await hydrated(page);

  // A registration of Léa, the demo parent's daughter, for the preview.
  await page.getByTestId("preview-search").fill("Léa");
  await page.getByRole("button", { name: "Chercher", exact: true }).click();
  await expect(page.getByTestId("preview-registration")).toBeVisible();
  const before = await previewAfter(page, 0, () => page.getByTestId("show-preview").click());

  // The organiser's name at the top, moved 30 points right with Shift+→ three times.
  const testId = await page
    .getByRole("button", { name: /« Les Petits Explorateurs ASBL », x 40,/ })
    .getAttribute("data-testid");
  const element = page.getByTestId(testId!);
  await element.click();
  const x = Number(await page.getByTestId("element-x").inputValue());
  await element.focus();
  for (let step = 0; step < 3; step++) await page.keyboard.press("Shift+ArrowRight");
  await expect(page.getByTestId("element-x")).toHaveValue(String(x + 30));
  await expect(element).toHaveAttribute("aria-label", new RegExp(`x ${x + 30},`));

  const after = await previewAfter(page, 1, () => page.getByTestId("save-document-model").click());
  const name = (texts: Placed[]) =>
    texts.find((text) => text.text === "Les Petits Explorateurs ASBL");
  expect(name(before)?.x).toBe(40);
  expect(name(after)?.x).toBe(70);
  expect(name(after)?.y).toBe(name(before)?.y);
  expect(after.length).toBe(before.length);

  // Put it back for the other tests.
  await element.focus();
  for (let step = 0; step < 3; step++) await page.keyboard.press("Shift+ArrowLeft");
  await expect(page.getByTestId("element-x")).toHaveValue(String(x));
  await previewAfter(page, 2, () => page.getByTestId("save-document-model").click());
});
