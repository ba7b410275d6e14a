import type { Page } from "@playwright/test";
import sharp from "sharp";
import { getDocumentProxy } from "unpdf";
import { expect, expectConsoleError, hydrated, test } from "./fixtures.ts";
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

/** How many pictures (image XObjects) a PDF embeds. */
const pictureCount = (bytes: Buffer) =>
  bytes.toString("latin1").split("/Subtype /Image").length - 1;

type DraftRequest = { url: string; body: string };

/**
 * The draft previews the editor asked for, in order. The browser keeps no body of those answers
 * for the test, so the PDF is asked again from the page with the same draft (it saves nothing).
 */
function recordDraftRequests(page: Page): DraftRequest[] {
  const requests: DraftRequest[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/document-models/preview?")) {
      requests.push({ url: request.url(), body: request.postData() ?? "" });
    }
  });
  return requests;
}

/** The PDF the preview frame shows once `action` has changed it: the last draft's. */
async function draftPdfAfter(
  page: Page,
  requests: DraftRequest[],
  action: () => Promise<unknown>,
): Promise<Buffer> {
  const frame = page.getByTestId("document-preview");
  const before = (await frame.count()) > 0 ? await frame.getAttribute("src") : null;
  await action();
  await expect(frame).toHaveAttribute("src", /^blob:/, { timeout: 20_000 });
  await expect.poll(() => frame.getAttribute("src"), { timeout: 20_000 }).not.toBe(before);
  const pdf = await page.evaluate(async ({ url, body }) => {
    const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? "");
    const answer = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-xsrf-token": token },
      body,
    });
    return { status: answer.status, bytes: [...new Uint8Array(await answer.arrayBuffer())] };
  }, requests.at(-1)!);
  expect(pdf.status).toBe(200);
  return Buffer.from(pdf.bytes);
}

/** The saved model's PDF, fetched by the page with its session (the « PDF du modèle enregistré » link). */
async function savedPdf(page: Page): Promise<Buffer> {
  const href = await page.getByTestId("saved-preview-link").getAttribute("href");
  const bytes = await page.evaluate(async (url) => {
    const answer = await fetch(url);
    return [...new Uint8Array(await answer.arrayBuffer())];
  }, href!);
  return Buffer.from(bytes);
}

test("staff upload a background and move an element: the PDF preview follows the unsaved draft", async ({
  page,
  consoleErrors,
}) => {
  await consoleLogin(page);
  const drafts = recordDraftRequests(page);
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
  const before = await placedTexts(
    await draftPdfAfter(page, drafts, () => page.getByTestId("show-preview").click()),
  );
  expect(before.length).toBeGreaterThan(3);

  // The organiser's name at the top, moved 30 points right with Shift+→ three times.
  const testId = await page
    .getByRole("button", { name: /« Les Petits Explorateurs ASBL », x 40,/ })
    .getAttribute("data-testid");
  const element = page.getByTestId(testId!);
  await element.click();
  const x = Number(await page.getByTestId("element-x").inputValue());
  await element.focus();
  const moved = draftPdfAfter(page, drafts, async () => {
    for (let step = 0; step < 3; step++) await page.keyboard.press("Shift+ArrowRight");
  });
  await expect(page.getByTestId("element-x")).toHaveValue(String(x + 30));
  const after = await placedTexts(await moved);
  const name = (texts: Placed[]) =>
    texts.find((text) => text.text === "Les Petits Explorateurs ASBL");
  expect(name(before)?.x).toBe(40);
  expect(name(after)?.x).toBe(70);
  expect(name(after)?.y).toBe(name(before)?.y);
  expect(after.length).toBe(before.length);

  // A page background uploaded as a file: the canvas shows it and the draft's PDF draws it.
  const pictures = pictureCount(await savedPdf(page));
  const background = await sharp({
    create: { width: 595, height: 841, channels: 3, background: "#fdf2e9" },
  })
    .png()
    .toBuffer();
  const drawn = await draftPdfAfter(page, drafts, () =>
    page
      .getByTestId("page-background-0-file")
      .setInputFiles({ name: "fond.png", mimeType: "image/png", buffer: background }),
  );
  expect(pictureCount(drawn)).toBe(pictures + 1);
  await expect(page.getByTestId("page-background-0").getByRole("img")).toBeVisible();
  await expect(page.getByTestId("document-page-0")).toHaveAttribute(
    "style",
    /\/api\/admin\/document-images\//,
  );

  // A file that is not a picture is refused in place.
  await page.getByTestId("page-background-0-file").setInputFiles({
    name: "page.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html>not a picture</html>"),
  });
  await expect(page.getByTestId("page-background-0").getByRole("alert")).toHaveText(
    "Ce fichier n'est pas une image PNG ou JPEG.",
  );
  await expectConsoleError(consoleErrors, /415/);

  // Nothing was saved: the saved model's PDF is as before.
  const saved = await savedPdf(page);
  expect(name(await placedTexts(saved))?.x).toBe(40);
  expect(pictureCount(saved)).toBe(pictures);
});
