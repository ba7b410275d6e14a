import { describe, expect, it } from "vitest";
import {
  createImageLoader,
  decodeDataUri,
  isPrivateAddress,
  MAX_IMAGE_BYTES,
  qrCodeDataUri,
} from "../src/modules/documents/images.ts";
import { renderDocumentPdf, pdfText as toPdfText } from "../src/modules/documents/pdf.ts";
import { contentDisposition } from "../src/modules/documents/routes.ts";
import { pdfText } from "./document-fixtures.ts";

// The PDF drawing and the pictures of IMAGE elements (apps/server/src/modules/documents): what
// the standard fonts can write, data: URIs, and the guarded fetch of http(s) pictures.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOYs3g9AAPNAe9tHBLtAAAAAElFTkSuQmCC",
  "base64",
);
const PNG_URI = `data:image/png;base64,${PNG.toString("base64")}`;

const publicHost = async () => ["93.184.215.14"];

function fetchAnswering(response: () => Response) {
  const calls: string[] = [];
  const fake = (async (url: URL | string) => {
    calls.push(String(url));
    return response();
  }) as typeof fetch;
  return { fake, calls };
}

describe("pdfText", () => {
  it("keeps Windows-1252 text and swaps what the standard fonts cannot write", () => {
    expect(toPdfText("Léa – « été » 12,50 € œuvre")).toBe("Léa – « été » 12,50 € œuvre");
    expect(toPdfText("1\u202f234,50\u00a0€")).toBe("1\u00a0234,50\u00a0€");
    expect(toPdfText("Zoë Dvořák Łukasz ✓")).toBe("Zoë Dvorák ?ukasz ?");
    expect(toPdfText("a\r\nb")).toBe("a\nb");
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII name and the UTF-8 name", () => {
    expect(contentDisposition('Attestation "été" - Léa')).toBe(
      "inline; filename=\"Attestation ete - Lea.pdf\"; filename*=UTF-8''Attestation%20%22%C3%A9t%C3%A9%22%20-%20L%C3%A9a.pdf",
    );
  });
});

describe("images", () => {
  it("decodes PNG and JPEG data URIs and refuses anything else", () => {
    expect(decodeDataUri(PNG_URI)).toEqual({ data: PNG, format: "png" });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    expect(decodeDataUri(`data:image/jpeg;base64,${jpeg.toString("base64")}`)?.format).toBe("jpg");
    expect(decodeDataUri("data:image/svg+xml;base64,PHN2Zy8+")).toBeNull();
    expect(
      decodeDataUri(`data:image/png;base64,${Buffer.from("GIF89a...").toString("base64")}`),
    ).toBeNull();
  });

  it("knows the addresses a server must not call", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "0.0.0.0",
      "nonsense",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.215.14", "2a00:1450:4007:80e::200e"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("fetches a public PNG, and refuses private hosts without calling them", async () => {
    const { fake, calls } = fetchAnswering(
      () => new Response(PNG, { headers: { "content-type": "image/png" } }),
    );
    const load = createImageLoader({ fetch: fake, resolve: publicHost });
    expect(await load("https://pictures.example/logo.png")).toEqual({ data: PNG, format: "png" });
    const internal = createImageLoader({ fetch: fake, resolve: async () => ["10.0.0.5"] });
    expect(await internal("https://intranet.example/logo.png")).toBeNull();
    expect(await load("http://127.0.0.1:3000/logo.png")).toBeNull();
    expect(await load("http://[::1]/logo.png")).toBeNull();
    expect(await load("ftp://pictures.example/logo.png")).toBeNull();
    expect(calls).toEqual(["https://pictures.example/logo.png"]);
  });

  it("refuses redirects, failures, other formats and pictures over 2 MB", async () => {
    const answers: Array<() => Response> = [
      () => new Response(null, { status: 302, headers: { location: "http://127.0.0.1/" } }),
      () => new Response("missing", { status: 404 }),
      () => new Response("<svg/>", { headers: { "content-type": "image/svg+xml" } }),
      () => new Response(Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)])),
    ];
    for (const answer of answers) {
      const { fake } = fetchAnswering(answer);
      expect(
        await createImageLoader({ fetch: fake, resolve: publicHost })(
          "https://pictures.example/a.png",
        ),
      ).toBeNull();
    }
    const failing = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    expect(
      await createImageLoader({ fetch: failing, resolve: publicHost })(
        "https://down.example/a.png",
      ),
    ).toBeNull();
  });

  it("draws attendance QR codes as PNG data URIs", async () => {
    const uri = await qrCodeDataUri("urn:booking:attendance:org:par");
    expect(decodeDataUri(uri)?.format).toBe("png");
  });
});

describe("renderDocumentPdf", () => {
  it("draws texts and pictures where the elements say, on each page, over its background", async () => {
    const style = { fontSize: 12, bold: false, color: "#111827", align: "left" as const };
    const bytes = await renderDocumentPdf(
      {
        title: "Essai",
        filename: "Essai",
        author: "Les Petits Explorateurs",
        language: "fr-BE",
        uploads: {},
        pages: [
          {
            size: "A4",
            orientation: "portrait",
            background: null,
            elements: [
              {
                ...style,
                content: { kind: "text", text: "Première page – 1\u202f234,50\u00a0€" },
                x: 40,
                y: 40,
                width: null,
              },
              {
                ...style,
                content: { kind: "image", src: PNG_URI, width: 20, height: 20 },
                x: 40,
                y: 80,
                width: null,
              },
              {
                ...style,
                content: {
                  kind: "image",
                  src: "https://unreachable.example/x.png",
                  width: 20,
                  height: 20,
                },
                x: 80,
                y: 80,
                width: null,
              },
            ],
          },
          {
            size: "A4",
            orientation: "landscape",
            // The page's background: drawn as a second picture, under its text.
            background: PNG_URI,
            elements: [
              {
                ...style,
                bold: true,
                content: { kind: "text", text: "Seconde page" },
                x: 40,
                y: 40,
                width: 200,
                align: "right",
              },
            ],
          },
        ],
      },
      async (src) => decodeDataUri(src),
    );
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const raw = bytes.toString("latin1");
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(2);
    // One picture (an XObject) drawn on both pages: the second page's resources name it too,
    // for its background.
    expect(raw.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(raw.match(/\/XObject/g)).toHaveLength(3);
    const text = await pdfText(bytes);
    expect(text).toContain("Première page – 1 234,50 €");
    expect(text).toContain("Seconde page");
  });
});
