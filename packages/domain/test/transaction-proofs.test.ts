import { describe, expect, it } from "vitest";
import { proofFileName, sniffProofType } from "../src/transaction-proofs.ts";

const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(
    values.flatMap((value) =>
      typeof value === "string" ? [...Buffer.from(value, "latin1")] : [value],
    ),
  );

describe("sniffProofType", () => {
  it("knows a PDF, a JPEG and a PNG by their first bytes", () => {
    expect(sniffProofType(bytes("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffProofType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("image/jpeg");
    expect(sniffProofType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
  });

  it("refuses anything else, whatever its name would say", () => {
    expect(sniffProofType(bytes("<html><script>alert(1)</script>"))).toBeNull();
    expect(sniffProofType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffProofType(bytes("MZ", 0x90, 0))).toBeNull();
    expect(sniffProofType(bytes(" %PDF-1.7"))).toBeNull();
    expect(sniffProofType(bytes(0x89, "PN"))).toBeNull();
    expect(sniffProofType(new Uint8Array())).toBeNull();
  });
});

describe("proofFileName", () => {
  it("keeps the customer's name with the real type's extension", () => {
    expect(proofFileName("virement juin.pdf", "application/pdf")).toBe("virement juin.pdf");
    expect(proofFileName("capture.PNG", "image/png")).toBe("capture.png");
    expect(proofFileName("photo.html", "image/jpeg")).toBe("photo.jpg");
  });

  it("drops folders, control characters and quotes, and names an unnamed file", () => {
    expect(proofFileName("C:\\Users\\a\\..\\preuve.pdf", "application/pdf")).toBe("preuve.pdf");
    expect(proofFileName('../../etc/"x"\u0000\u202e.pdf', "application/pdf")).toBe("x.pdf");
    expect(proofFileName(undefined, "image/png")).toBe("proof.png");
    expect(proofFileName("   ", "image/png")).toBe("proof.png");
    expect(proofFileName(`${"a".repeat(300)}.pdf`, "application/pdf")).toHaveLength(120);
  });
});
