import { describe, expect, it } from "vitest";
import { createMailTransport } from "../src/modules/mail/transport.ts";
import { epcQrPngDataUrl, transferEpcQr } from "../src/modules/payments/epc-qr.ts";
import { decodeQr } from "./qr-decode.ts";
import { startSmtpServer } from "./smtp-fixtures.ts";

const club = {
  name: "Les Petits Explorateurs",
  legalName: "Les Petits Explorateurs ASBL",
  iban: "BE68539007547034",
  bic: "GKCCBEBB",
  currency: "EUR",
};

describe("EPC QR code of a transfer", () => {
  it("reads back from its PNG as the payload, the Belgian reference and accents included", () => {
    const payload = transferEpcQr(club, 10_000, "+++420/0000/01234+++");
    expect(payload).toBe(
      "BCD\n002\n1\nSCT\nGKCCBEBB\nLes Petits Explorateurs ASBL\nBE68539007547034\nEUR100.00\n\n\n+++420/0000/01234+++",
    );
    const png = epcQrPngDataUrl(payload!);
    expect(png.startsWith("data:image/png;base64,")).toBe(true);
    expect(decodeQr(png)).toBe(payload);
    const accented = transferEpcQr(
      { ...club, legalName: "Académie de Ré — Été" },
      4_550,
      "RF18539007547034",
    );
    expect(decodeQr(epcQrPngDataUrl(accented!))).toBe(accented);
  });

  it("is none for an organiser in pounds or without an IBAN", () => {
    expect(
      transferEpcQr(
        { ...club, currency: "GBP", iban: "GB33BUKB20201555555555" },
        4_550,
        "RF721230000001",
      ),
    ).toBeNull();
    expect(transferEpcQr({ ...club, iban: null }, 4_550, "+++420/0000/01234+++")).toBeNull();
  });

  it("travels by SMTP as an inline image the HTML points to (cid:), readable back", async () => {
    const smtp = await startSmtpServer();
    try {
      const payload = transferEpcQr(club, 2_500, "RF18539007547034")!;
      const transport = createMailTransport(smtp.url, "club@example.org")!;
      await transport.send({
        to: "parent@example.org",
        subject: "Virement",
        html: `<p><img src="${epcQrPngDataUrl(payload)}" alt="QR"></p>`,
        text: "Virement",
        messageId: "<epc-qr-test@example.org>",
        headers: {},
        attachments: [],
      });
      const [mail] = smtp.received;
      const [image] = mail!.parsed.attachments;
      expect(image?.contentType).toBe("image/png");
      expect(mail!.raw).toMatch(/src=3D"cid:|src="cid:/);
      expect(mail!.raw).not.toContain("data:image/png");
      expect(decodeQr(`data:image/png;base64,${image!.content.toString("base64")}`)).toBe(payload);
    } finally {
      await smtp.close();
    }
  });
});
