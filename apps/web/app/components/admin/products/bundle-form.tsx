import {
  type AdminBundleChoices,
  type AdminBundleView,
  bundleBody,
  PRODUCT_ENTITIES,
} from "@booking/contracts";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { productsApi } from "../../../lib/admin/products-api";
import { localInputValue, typedLocalDateTime } from "../../../lib/admin/zoned-input";
import { TextField } from "../../ui/field";
import { checkedBy, numberText, typedAmount, typedWholeNumber } from "../catalogue/form-inputs";
import { FormPanel } from "../form-panel";
import { amountText } from "../payments/amount-field";
import { typedDays } from "./form-inputs";
import { DurationField, EntityField, PriceField, ProductTexts } from "./product-fields";
import { ProductFormPage, SwitchOnCreate, storefrontProduct } from "./product-form-page";
import { durationDays } from "./product-kinds";
import { useProductForm, useProductInputs } from "./use-product-form";

function bundleForm(currency: string, timeZone: string) {
  return z
    .object({
      title: z.string(),
      description: z.string(),
      price: typedAmount(currency),
      capacity: typedWholeNumber,
      duration: typedDays,
      expires_at: typedLocalDateTime(timeZone),
      entity: z.enum(PRODUCT_ENTITIES),
      activities: z.array(z.string()),
      published: z.boolean(),
    })
    .transform(checkedBy(bundleBody));
}
type BundleFormValues = z.input<ReturnType<typeof bundleForm>>;

/**
 * A bundle: what it costs, how many registrations it includes, how long it lasts (days after
 * purchase and/or a last day), who uses it, and the activities whose registrations it pays.
 */
export function BundleForm({
  bundle,
  choices,
}: {
  bundle?: AdminBundleView;
  choices: AdminBundleChoices;
}) {
  const { t } = useTranslation();
  const { currency, timeZone, language } = useProductInputs();
  const { form, field, richText, onSubmit, pending } = useProductForm({
    kind: "bundles",
    product: bundle,
    calls: productsApi.bundles,
    schema: bundleForm(currency, timeZone),
    defaultValues: {
      title: bundle?.title ?? "",
      description: bundle?.description ?? "",
      price: amountText(bundle?.price ?? 0, currency, language),
      capacity: numberText(bundle ? bundle.capacity : 10),
      duration: durationDays(bundle ? bundle.duration : 365 * 86_400),
      expires_at: localInputValue(bundle?.expires_at, timeZone),
      entity: bundle?.entity ?? "PARTICIPANTS",
      activities: bundle?.activities.map((activity) => activity.cuid) ?? [],
      published: bundle?.published ?? false,
    } satisfies BundleFormValues,
    fields: [
      "title",
      "description",
      "price",
      "capacity",
      "duration",
      "expires_at",
      "entity",
      "activities",
    ],
  });
  const chosen = form.watch("activities");

  return (
    <ProductFormPage
      kind="bundles"
      product={storefrontProduct(bundle)}
      onSubmit={onSubmit}
      pending={pending}
    >
      <ProductTexts title={field("title")} description={richText("description")}>
        <FormPanel
          title={t("admin.products.bundles.activities")}
          description={t("admin.products.bundles.activities_hint")}
        >
          <div className="grid max-h-72 gap-1.5 overflow-y-auto sm:grid-cols-2">
            {choices.activities.map((activity) => (
              <label key={activity.cuid} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={chosen.includes(activity.cuid)}
                  onChange={(event) =>
                    form.setValue(
                      "activities",
                      event.target.checked
                        ? [...chosen, activity.cuid]
                        : chosen.filter((item) => item !== activity.cuid),
                      { shouldDirty: true },
                    )
                  }
                />
                {activity.title}
              </label>
            ))}
          </div>
        </FormPanel>
      </ProductTexts>
      <div className="flex flex-col gap-4">
        <FormPanel title={t("admin.products.fields.sale")}>
          <PriceField currency={currency} {...field("price")} />
          <TextField
            label={t("admin.products.bundles.capacity")}
            hint={t("admin.products.bundles.capacity_hint")}
            inputMode="numeric"
            optional
            {...field("capacity")}
          />
          <EntityField {...field("entity")} />
        </FormPanel>
        <FormPanel title={t("admin.products.fields.validity")}>
          <DurationField {...field("duration")} />
          <TextField
            type="datetime-local"
            label={t("admin.products.bundles.expires_at")}
            optional
            {...field("expires_at")}
          />
        </FormPanel>
        {bundle ? null : (
          <SwitchOnCreate switchParam="published" registration={form.register("published")} />
        )}
      </div>
    </ProductFormPage>
  );
}
