import {
  type AdminBundleChoices,
  type AdminBundleView,
  bundleBody,
  PRODUCT_ENTITIES,
} from "@booking/contracts";
import { DEFAULT_TIME_ZONE } from "@booking/domain";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { productsApi } from "../../../lib/admin/products-api";
import { localInputValue, typedLocalDateTime } from "../../../lib/admin/zoned-input";
import { useLanguage } from "../../../lib/root-data";
import { TextField } from "../../ui/field";
import {
  apiPathFields,
  checkedBy,
  numberText,
  typedAmount,
  typedWholeNumber,
} from "../catalogue/form-inputs";
import { RichTextEditor } from "../catalogue/rich-text-editor";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";
import { amountText } from "../payments/amount-field";
import { typedDays } from "./form-inputs";
import { ProductFormPage, SwitchOnCreate } from "./product-form-page";
import { durationDays, productPath } from "./product-kinds";

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
  const navigate = useNavigate();
  const language = useLanguage();
  const { session } = useConsole();
  const currency = session.organiser?.currency ?? "EUR";
  const timeZone = session.organiser?.timezone ?? DEFAULT_TIME_ZONE;
  const { form, field, onSubmit, pending } = useAdminForm({
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
    send: (values) =>
      bundle ? productsApi.bundles.update(bundle.cuid, values) : productsApi.bundles.create(values),
    success: (saved) =>
      t(bundle ? "admin.products.saved" : "admin.products.created", { title: saved.title }),
    revalidate: Boolean(bundle),
    resolveField: apiPathFields<BundleFormValues>([
      "title",
      "description",
      "price",
      "capacity",
      "duration",
      "expires_at",
      "entity",
      "activities",
    ]),
    onSuccess: (saved) => {
      if (!bundle) navigate(productPath("bundles", saved.cuid));
    },
  });
  const chosen = form.watch("activities");

  return (
    <ProductFormPage
      kind="bundles"
      product={
        bundle && {
          cuid: bundle.cuid,
          title: bundle.title,
          on: bundle.published,
          used: bundle.sold,
        }
      }
      onSubmit={onSubmit}
      pending={pending}
    >
      <div className="flex flex-col gap-5">
        <TextField
          label={t("admin.products.fields.title")}
          autoComplete="off"
          data-testid="product-title"
          {...field("title")}
        />
        <RichTextEditor
          label={t("admin.products.fields.description")}
          value={form.getValues("description")}
          onChange={(html) => form.setValue("description", html, { shouldDirty: true })}
          error={form.formState.errors.description?.message}
        />
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
      </div>
      <div className="flex flex-col gap-4">
        <FormPanel title={t("admin.products.fields.sale")}>
          <TextField
            label={t("admin.products.fields.price", { currency })}
            inputMode="decimal"
            autoComplete="off"
            data-testid="product-price"
            {...field("price")}
          />
          <TextField
            label={t("admin.products.bundles.capacity")}
            hint={t("admin.products.bundles.capacity_hint")}
            inputMode="numeric"
            optional
            {...field("capacity")}
          />
          <SelectField
            label={t("admin.products.fields.entity")}
            options={PRODUCT_ENTITIES.map((entity) => ({
              value: entity,
              label: t(`admin.products.entity.${entity}`),
            }))}
            {...field("entity")}
          />
        </FormPanel>
        <FormPanel title={t("admin.products.fields.validity")}>
          <TextField
            label={t("admin.products.fields.duration_days")}
            hint={t("admin.products.fields.duration_hint")}
            inputMode="numeric"
            optional
            {...field("duration")}
          />
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
