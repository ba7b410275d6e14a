import { describe, expect, it } from "vitest";
import { epcQrPngDataUrl, transferEpcQr } from "../src/modules/payments/epc-qr.ts";
import { decodeQr } from "./qr-decode.ts";

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
});
