import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/bank-statements/fingerprint.ts";
import { type BankStatement, parseCamt053, parseCoda } from "../../src/index.ts";
import {
  camtDocument,
  camtEntry,
  camtTransaction,
  codaMovement,
  codaStatement,
  fixture,
} from "./builders.ts";

const fingerprints = (statements: BankStatement[]) =>
  statements.flatMap((statement) => statement.lines.map((line) => line.fingerprint));

const CAMT_V02 = fixture("camt053-v02-2024-03-12.xml");
const CAMT_V08 = fixture("camt053-v08-2024-03-14.xml");
const CODA = fixture("coda-2024-03-12.cod");

describe("sha256Hex", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
  ])("hashes the FIPS 180-4 example %j", (text, hash) => {
    expect(sha256Hex(text)).toBe(hash);
  });

  it("agrees with node:crypto on any UTF-8 text, across block boundaries", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        expect(sha256Hex(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
      }),
    );
  });
});

describe("statement line identities", () => {
  it("are 64 hexadecimal characters, all different across the fixtures", () => {
    const all = fingerprints([
      ...parseCamt053(CAMT_V02),
      ...parseCamt053(CAMT_V08),
      ...parseCoda(CODA),
    ]);
    expect(all).toHaveLength(18);
    for (const fingerprint of all) expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(all).size).toBe(all.length);
  });

  it("are the same when the same file is parsed again", () => {
    expect(fingerprints(parseCamt053(CAMT_V02))).toEqual(fingerprints(parseCamt053(CAMT_V02)));
    expect(fingerprints(parseCoda(CODA))).toEqual(fingerprints(parseCoda(CODA)));
  });

  it("survive a re-downloaded copy: other message and statement ids, version and layout", () => {
    const copy = CAMT_V02.replace("camt.053.001.02", "camt.053.001.04")
      .replace(/<MsgId>[^<]*<\/MsgId>/, "<MsgId>DOWNLOAD-2</MsgId>")
      .replace(/<Id>STMT[^<]*<\/Id>/, "<Id>STATEMENT-COPY</Id>")
      .replace(/<CreDtTm>[^<]*<\/CreDtTm>/g, "<CreDtTm>2024-04-02T10:00:00</CreDtTm>")
      .replace(/>\s+</g, "><")
      .replace(/<!--[^>]*-->/g, "");
    expect(parseCamt053(copy)[0]!.statementKey).toBe("2024/53");
    expect(fingerprints(parseCamt053(copy))).toEqual(fingerprints(parseCamt053(CAMT_V02)));
  });

  it("survive a re-export of a CODA file with other line ends and trimmed spaces", () => {
    expect(fingerprints(parseCoda(CODA.replace(/ *\r\n/g, "\n")))).toEqual(
      fingerprints(parseCoda(CODA)),
    );
  });

  it("keep two movements sharing the bank's reference apart (CAMT AcctSvcrRef)", () => {
    const entries =
      camtEntry({ amount: "1537.00", reference: "SHARED" }) +
      camtEntry({ amount: "1692.22", reference: "SHARED" });
    const [statement] = parseCamt053(camtDocument(entries));
    expect(statement!.lines.map((line) => line.amount)).toEqual([153700, 169222]);
    expect(new Set(fingerprints([statement!])).size).toBe(2);
  });

  it("keep two CODA movements sharing the bank's reference apart", () => {
    const debit = { sign: "1", amount: "000000000479040", reference: "SAMEREF" };
    const [statement] = parseCoda(
      codaStatement([
        codaMovement({ ...debit, sequence: "0003" }),
        codaMovement({ ...debit, sequence: "0004" }),
      ]),
    );
    expect(statement!.lines.map((line) => line.amount)).toEqual([-47904, -47904]);
    expect(new Set(fingerprints([statement!])).size).toBe(2);
  });

  it("keep identical payments without any reference apart", () => {
    const payment = camtEntry({ reference: null, details: camtTransaction() });
    expect(new Set(fingerprints(parseCamt053(camtDocument(payment + payment)))).size).toBe(2);
  });

  it("tell apart the parts of a batch sharing the entry's reference", () => {
    const details = camtTransaction({ amount: "5.00" }) + camtTransaction({ amount: "5.00" });
    const lines = parseCamt053(camtDocument(camtEntry({ details })))[0]!.lines;
    expect(lines).toHaveLength(2);
    expect(lines[0]!.fingerprint).not.toBe(lines[1]!.fingerprint);
  });

  it("depend on the account, the statement's number and its year", () => {
    const entry = camtEntry();
    const of = (options: Parameters<typeof camtDocument>[1]) =>
      fingerprints(parseCamt053(camtDocument(entry, options)))[0];
    const base = of({ number: "12" });
    expect(of({ number: "12" })).toBe(base);
    expect(of({ number: "12", account: "<IBAN>BE71096123456769</IBAN>" })).not.toBe(base);
    expect(of({ number: "13" })).not.toBe(base);
    const closed = (closingDay: string) => of({ number: "12", closing: "10.00", closingDay });
    expect(closed("2025-03-12")).not.toBe(closed("2024-03-12"));
  });

  it("without a statement number, depend on the bank's statement identifier", () => {
    const [statement] = parseCamt053(camtDocument(camtEntry(), { number: null }));
    expect(statement!.statementKey).toBe("Id STMT-1");
  });

  it("keep the identity used before as the legacy fingerprint (account + reference + part)", () => {
    const [line] = parseCamt053(camtDocument(camtEntry({ reference: "REF-1" })))[0]!.lines;
    expect(line!.legacyFingerprint).toBe(
      createHash("sha256")
        .update(JSON.stringify(["BE68539007547034", "REF-1", 0]))
        .digest("hex"),
    );
  });
});
