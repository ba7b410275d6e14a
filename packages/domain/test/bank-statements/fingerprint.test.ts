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

describe("statement line fingerprints", () => {
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

  it("survive a re-export in another message version, layout and entry order", () => {
    const reexported = CAMT_V02.replace("camt.053.001.02", "camt.053.001.04")
      .replace(/>\s+</g, "><")
      .replace(/<!--[^>]*-->/g, "");
    const entries = reexported.match(/<Ntry>.*?<\/Ntry>/g)!;
    const reordered = reexported.replace(entries.join(""), [...entries].reverse().join(""));
    expect(new Set(fingerprints(parseCamt053(reordered)))).toEqual(
      new Set(fingerprints(parseCamt053(CAMT_V02))),
    );
  });

  it("survive a re-export of a CODA file with other line ends and trimmed spaces", () => {
    expect(fingerprints(parseCoda(CODA.replace(/ *\r\n/g, "\n")))).toEqual(
      fingerprints(parseCoda(CODA)),
    );
  });

  it("keep identical payments without bank reference apart, stable when more lines come", () => {
    const payment = camtEntry({ reference: null, details: camtTransaction() });
    const other = camtEntry({ reference: null, amount: "99.00", details: camtTransaction() });
    const twice = fingerprints(parseCamt053(camtDocument(payment + payment)));
    expect(new Set(twice).size).toBe(2);
    const longer = fingerprints(parseCamt053(camtDocument(other + payment + payment + payment)));
    expect(longer.slice(1, 3)).toEqual(twice);
    expect(new Set(longer).size).toBe(4);
  });

  it("tell apart the parts of a batch sharing the entry's reference", () => {
    const details = camtTransaction({ amount: "5.00" }) + camtTransaction({ amount: "5.00" });
    const lines = parseCamt053(camtDocument(camtEntry({ details })))[0]!.lines;
    expect(lines).toHaveLength(2);
    expect(lines[0]!.fingerprint).not.toBe(lines[1]!.fingerprint);
  });

  it("depend on the account", () => {
    const entry = camtEntry();
    const [ours] = fingerprints(parseCamt053(camtDocument(entry)));
    const [theirs] = fingerprints(
      parseCamt053(camtDocument(entry, { account: "<IBAN>BE71096123456769</IBAN>" })),
    );
    expect(ours).not.toBe(theirs);
  });

  it.each([
    ["amount", { amount: "10.01" }],
    ["booking day", { booking: "<Dt>2024-03-13</Dt>" }],
    ["direction", { indicator: "DBIT" }],
  ])("without bank reference, depend on the %s", (_name, change) => {
    const base = fingerprints(parseCamt053(camtDocument(camtEntry({ reference: null }))));
    const changed = fingerprints(
      parseCamt053(camtDocument(camtEntry({ reference: null, ...change }))),
    );
    expect(changed).not.toEqual(base);
  });

  it("without bank reference, depend on the communication and the counterparty", () => {
    const of = (transaction: string) =>
      fingerprints(
        parseCamt053(camtDocument(camtEntry({ reference: null, details: transaction }))),
      )[0];
    const base = of(camtTransaction());
    expect(of(camtTransaction({ communication: "Stage bis" }))).not.toBe(base);
    expect(of(camtTransaction({ debtor: "Jean Peeters" }))).not.toBe(base);
  });

  it("follow the bank reference of a CODA movement", () => {
    const first = fingerprints(parseCoda(codaStatement([codaMovement({ reference: "REF-A" })])));
    const again = fingerprints(
      parseCoda(codaStatement([codaMovement({ sequence: "0009", reference: "REF-A" })])),
    );
    const other = fingerprints(parseCoda(codaStatement([codaMovement({ reference: "REF-B" })])));
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });
});
