import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkStatementBalance, parseBankStatementFile } from "../../src/index.ts";
import { camtDocument, camtEntry, codaAmount, codaMovement, codaStatement } from "./builders.ts";

// Properties of consistent files (the balances are the opening plus the movements booked on the
// account): the lines always add up to the balances' difference, and a second import of the same
// file stores nothing new while every movement is stored once, even when all share a reference.

const cents = fc.integer({ min: -2_000_000, max: 2_000_000 }).filter((value) => value !== 0);
const euros = (value: number) => `${value < 0 ? "-" : ""}${(Math.abs(value) / 100).toFixed(2)}`;

/** A CODA movement: a plain amount, or a total with details (with or without codes, 1 or 2 levels). */
const codaGroup: fc.Arbitrary<Group> = fc.oneof(
  cents.map((amount): Group => ({ kind: "plain", amount, details: [] })),
  fc
    .record({
      codes: fc.boolean(),
      details: fc.array(fc.array(cents, { minLength: 1, maxLength: 3 }), {
        minLength: 1,
        maxLength: 3,
      }),
    })
    .map(
      ({ codes, details }): Group => ({
        kind: codes ? "coded" : "typed",
        amount: details.flat().reduce((sum, value) => sum + value, 0),
        details,
      }),
    ),
);

type Group = { kind: "plain" | "coded" | "typed"; amount: number; details: number[][] };

/** The 2.1 records of the groups, every one with the same bank reference. */
function codaFile(groups: Group[], opening: number): string {
  const records: string[] = [];
  groups.forEach((group, index) => {
    const sequence = String(index + 1).padStart(4, "0");
    let detail = 0;
    const record = (amount: number, type: string, globalisation = "0") => {
      const signed = codaAmount(amount);
      records.push(
        codaMovement({
          sequence,
          detail: String(detail++).padStart(4, "0"),
          reference: "SAME-REFERENCE-FOR-ALL",
          sign: signed[0]!,
          amount: signed.slice(1),
          type,
          communication: "0Paiement",
          globalisation,
        }),
      );
    };
    if (group.kind === "plain") {
      record(group.amount, "0");
      return;
    }
    const nested = group.details.length > 1 && group.kind === "coded";
    record(group.amount, "1", group.kind === "coded" ? (nested ? "2" : "1") : "0");
    group.details.forEach((subgroup, subIndex) => {
      const lastGroup = subIndex === group.details.length - 1;
      if (nested) {
        record(
          subgroup.reduce((sum, value) => sum + value, 0),
          "5",
          "1",
        );
        subgroup.forEach((value, valueIndex) => {
          const last = valueIndex === subgroup.length - 1;
          record(value, "5", last ? (lastGroup ? "2" : "1") : "0");
        });
        return;
      }
      subgroup.forEach((value, valueIndex) => {
        const last = lastGroup && valueIndex === subgroup.length - 1;
        record(
          value,
          group.kind === "typed" ? "5" : "0",
          group.kind === "coded" && last ? "1" : "0",
        );
      });
    });
  });
  const net = groups.reduce((sum, group) => sum + group.amount, 0);
  return codaStatement(records, { opening, closing: opening + net });
}

/** A CAMT entry: one amount, or a batch of TxDtls adding up to it; all with one AcctSvcrRef. */
const camtEntryArbitrary = fc.array(cents, { minLength: 1, maxLength: 4 }).map((parts) => {
  const amount = parts.reduce((sum, value) => sum + value, 0);
  const details =
    parts.length === 1
      ? ""
      : parts
          .map(
            (part) =>
              `<TxDtls><Amt Ccy="EUR">${euros(Math.abs(part))}</Amt><CdtDbtInd>${part < 0 ? "DBIT" : "CRDT"}</CdtDbtInd></TxDtls>`,
          )
          .join("");
  return {
    amount,
    xml: camtEntry({
      amount: euros(Math.abs(amount)),
      indicator: amount < 0 ? "DBIT" : "CRDT",
      reference: "SAME",
      details,
    }),
  };
});

const consistentFiles = fc.oneof(
  fc
    .record({ groups: fc.array(codaGroup, { minLength: 1, maxLength: 6 }), opening: cents })
    .map(({ groups, opening }) => ({
      file: codaFile(groups, opening),
      net: groups.reduce((sum, group) => sum + group.amount, 0),
    })),
  fc
    .record({
      entries: fc.array(camtEntryArbitrary, { minLength: 1, maxLength: 6 }),
      opening: cents,
    })
    .map(({ entries, opening }) => {
      const net = entries.reduce((sum, entry) => sum + entry.amount, 0);
      return {
        file: camtDocument(entries.map((entry) => entry.xml).join(""), {
          opening: euros(opening),
          closing: euros(opening + net),
        }),
        net,
      };
    }),
);

describe("consistent statement files", () => {
  it("have lines that add up to the difference of their balances", () => {
    fc.assert(
      fc.property(consistentFiles, ({ file, net }) => {
        const [statement] = parseBankStatementFile(file);
        const sum = statement!.lines.reduce((total, line) => total + line.amount, 0);
        expect(sum).toBe(net);
        expect(sum).toBe(statement!.closing!.amount - statement!.opening!.amount);
        expect(checkStatementBalance(statement!).status).toBe("BALANCED");
        expect(statement!.warnings).toEqual([]);
      }),
    );
  });

  it("imported twice store nothing the second time, yet every movement once", () => {
    fc.assert(
      fc.property(consistentFiles, ({ file }) => {
        const stored = new Set<string>();
        const importFile = () => {
          let added = 0;
          for (const statement of parseBankStatementFile(file)) {
            for (const line of statement.lines) {
              if (stored.has(line.fingerprint)) continue;
              stored.add(line.fingerprint);
              added += 1;
            }
          }
          return added;
        };
        const lines = parseBankStatementFile(file).flatMap((statement) => statement.lines);
        // every line shares one bank reference, and none is taken for another
        expect(importFile()).toBe(lines.length);
        expect(importFile()).toBe(0);
      }),
    );
  });
});
