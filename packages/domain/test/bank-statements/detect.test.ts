import { describe, expect, it } from "vitest";
import {
  BankStatementFormatError,
  detectStatementFormat,
  parseBankStatementFile,
} from "../../src/index.ts";
import { fixture } from "./builders.ts";

describe("detectStatementFormat", () => {
  it.each([
    ["camt053-v02-2024-03-12.xml", "CAMT053"],
    ["camt053-v08-2024-03-14.xml", "CAMT053"],
    ["coda-2024-03-12.cod", "CODA"],
  ])("recognises %s as %s", (name, format) => {
    expect(detectStatementFormat(fixture(name))).toBe(format);
    expect(detectStatementFormat(`\uFEFF\n  ${fixture(name)}`)).toBe(format);
  });

  it.each([
    ["a camt.054 notification", "<Document><BkToCstmrDbtCdtNtfctn/></Document>"],
    ["a camt.052 report", "<?xml version='1.0'?><Document><BkToCstmrAcctRpt/></Document>"],
    ["a CSV export", "Date;Montant;Communication\n12/03/2024;45,00;+++123/0000/00137+++"],
    ["an MT940 statement", ":20:STMT\n:25:BE68539007547034\n"],
    ["an empty file", ""],
  ])("recognises nothing in %s", (_name, content) => {
    expect(detectStatementFormat(content)).toBeNull();
  });
});

describe("parseBankStatementFile", () => {
  it("parses either format", () => {
    expect(parseBankStatementFile(fixture("coda-2024-03-12.cod"))[0]!.format).toBe("CODA");
    expect(parseBankStatementFile(fixture("camt053-v02-2024-03-12.xml"))[0]!.format).toBe(
      "CAMT053",
    );
  });

  it("refuses any other file", () => {
    expect(() => parseBankStatementFile("Date;Montant")).toThrow(BankStatementFormatError);
    expect(() => parseBankStatementFile("Date;Montant")).toThrow(/neither a CAMT.053/);
  });
});
