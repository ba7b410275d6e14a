import { documentElementInput } from "@booking/contracts";
import { isDocumentFieldPath, templatePaths } from "@booking/domain";
import { describe, expect, it } from "vitest";
import { demoDocumentModels } from "../src/seed/documents.ts";

// The demo's document models follow the element rules of platform-and-account.md §5 and name
// only data fields that exist (a typo would print nothing).

const models = demoDocumentModels({ address: 11, nationalNumber: 12 });

describe("demo document models", () => {
  it("are the participation certificate and the 281.86 childcare tax certificate", () => {
    expect(models.map((model) => model.title)).toEqual([
      "Attestation de participation",
      "Attestation fiscale – frais de garde (281.86)",
    ]);
    for (const model of models) {
      expect(model.paymentRequirement).toBe("TOTAL");
      expect(model.dateRequirement).toBe("AVAILABILITY_END");
    }
  });

  it.each(models.map((model) => [model.title, model] as const))(
    "%s: every element passes the §5 rules and names known fields",
    (_, model) => {
      const fieldKeys = new Set(model.customFields.map((field) => field.key));
      for (const page of model.pages) {
        for (const element of page) {
          const parsed = documentElementInput.safeParse({
            type: element.type,
            payload:
              element.type === "IMAGE"
                ? { data: element.data, url: element.url ?? null }
                : { data: element.data, custom_field_id: element.field ? 1 : null },
            settings: element.settings ?? {},
            x: element.x,
            y: element.y,
            width: element.width ?? null,
            align: element.align ?? "left",
          });
          expect(parsed.success, `${element.data}: ${JSON.stringify(parsed.error?.issues)}`).toBe(
            true,
          );
          for (const path of templatePaths(element.data)) {
            expect(isDocumentFieldPath(path), path).toBe(true);
          }
          if (element.field) expect(fieldKeys.has(element.field)).toBe(true);
          // Inside an A4 page.
          expect(element.x + (element.width ?? 0)).toBeLessThanOrEqual(595);
          expect(element.y).toBeLessThan(842);
        }
      }
    },
  );

  it("prints the parent's address and national number from the profile's custom fields", () => {
    const tax = models[1]!;
    const data = tax.pages.flat().map((element) => element.data);
    expect(data).toContain("{{customer.custom_fields.11}}");
    expect(data).toContain("{{customer.custom_fields.12}}");
  });
});
