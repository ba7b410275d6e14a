import { documentModelBody } from "@booking/contracts";
import {
  activities,
  activityCategories,
  categories,
  customFields,
  type DemoDocumentModel,
  demoDocumentModels,
} from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { documentModelsConsole } from "../modules/documents/console-service.ts";
import type { DemoStep } from "./request-steps.ts";
import type { DemoWorld } from "./world.ts";

// The demo organiser's document models (platform-and-account.md §3.1), saved by staff through
// the editor's service as the console's « Enregistrer » does: the participation certificate and
// the childcare tax certificate described in packages/db/src/seed/documents.ts.

/** The body the editor would send for a described model. */
function bodyOf(model: DemoDocumentModel, activityCuids: string[]) {
  const fieldIndex = new Map(model.customFields.map((field, index) => [field.key, index]));
  return documentModelBody.parse({
    title: model.title,
    description: model.description,
    icon: model.icon,
    payment_requirement: model.paymentRequirement,
    date_requirement: model.dateRequirement,
    all_activities: model.activities === "all",
    activities: activityCuids,
    custom_fields: model.customFields.map(({ key: _, ...field }) => ({
      ...field,
      description: field.description ?? null,
      pattern: field.pattern ?? null,
    })),
    pages: model.pages.map((elements) => ({
      elements: elements.map((element) => ({
        type: element.type,
        x: element.x,
        y: element.y,
        width: element.width ?? null,
        align: element.align ?? "left",
        payload:
          element.type === "IMAGE"
            ? { data: element.data, url: element.url ?? null }
            : { data: element.data },
        settings: element.settings ?? {},
        custom_field: element.field === undefined ? null : fieldIndex.get(element.field),
      })),
    })),
  });
}

/** Staff save the demo's document models, at `at`. */
export function documentModelsStep(world: DemoWorld, at: Date): DemoStep {
  return {
    at,
    run: async () => {
      const { tx, organiser, actors } = world;
      const profile = await tx
        .select({ id: customFields.id, title: customFields.title })
        .from(customFields)
        .where(
          and(eq(customFields.organiserId, organiser.id), eq(customFields.entity, "CUSTOMERS")),
        );
      const fieldId = (title: string) => profile.find((field) => field.title === title)?.id ?? null;
      const models = demoDocumentModels({
        address: fieldId("Adresse postale"),
        nationalNumber: fieldId("Numéro de registre national"),
      });
      for (const model of models) {
        const category = model.activities === "all" ? null : model.activities.category;
        const linked = category
          ? await tx
              .selectDistinct({ cuid: activities.cuid })
              .from(activityCategories)
              .innerJoin(
                categories,
                and(
                  eq(categories.organiserId, activityCategories.organiserId),
                  eq(categories.id, activityCategories.categoryId),
                ),
              )
              .innerJoin(
                activities,
                and(
                  eq(activities.organiserId, activityCategories.organiserId),
                  eq(activities.id, activityCategories.activityId),
                ),
              )
              .where(
                and(
                  eq(activityCategories.organiserId, organiser.id),
                  eq(categories.title, category),
                ),
              )
          : [];
        await documentModelsConsole.create(
          actors.staff(at),
          bodyOf(
            model,
            linked.map((row) => row.cuid),
          ),
        );
      }
    },
  };
}
