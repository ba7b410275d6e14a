import { type AdminVoucherView, voucherBody } from "@booking/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { productsApi } from "../../../lib/admin/products-api";
import { useLanguage } from "../../../lib/root-data";
import { TextField } from "../../ui/field";
import { apiPathFields, checkedBy, typedAmount } from "../catalogue/form-inputs";
import { RichTextEditor } from "../catalogue/rich-text-editor";
import type { SelectOption } from "../fields";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";
import { amountText } from "../payments/amount-field";
import { typedDays } from "./form-inputs";
import { ProductFormPage, SwitchOnCreate } from "./product-form-page";
import { durationDays, productPath } from "./product-kinds";

function voucherForm(currency: string) {
  return z
    .object({
      title: z.string(),
      description: z.string(),
      price: typedAmount(currency),
      amount: typedAmount(currency),
      bundle: z.string().transform((value) => (value === "" ? null : value)),
      duration: typedDays,
      published: z.boolean(),
    })
    .transform(checkedBy(voucherBody));
}
type VoucherFormValues = z.input<ReturnType<typeof voucherForm>>;

/**
 * A gift voucher: its price, the wallet credit it gives when redeemed and/or a bundle, and how
 * long an issued code stays valid. `bundles` are the ones the collaborator may pick.
 */
export function VoucherForm({
  voucher,
  bundles,
}: {
  voucher?: AdminVoucherView;
  bundles: SelectOption[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const { session } = useConsole();
  const currency = session.organiser?.currency ?? "EUR";
  const money = (minor: number | undefined) => amountText(minor ?? 0, currency, language);
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: voucherForm(currency),
    defaultValues: {
      title: voucher?.title ?? "",
      description: voucher?.description ?? "",
      price: money(voucher?.price),
      amount: money(voucher?.amount),
      bundle: voucher?.bundle?.cuid ?? "",
      duration: durationDays(voucher ? voucher.duration : 365 * 86_400),
      published: voucher?.published ?? false,
    } satisfies VoucherFormValues,
    send: (values) =>
      voucher
        ? productsApi.vouchers.update(voucher.cuid, values)
        : productsApi.vouchers.create(values),
    success: (saved) =>
      t(voucher ? "admin.products.saved" : "admin.products.created", { title: saved.title }),
    revalidate: Boolean(voucher),
    resolveField: apiPathFields<VoucherFormValues>([
      "title",
      "description",
      "price",
      "amount",
      "bundle",
      "duration",
    ]),
    onSuccess: (saved) => {
      if (!voucher) navigate(productPath("vouchers", saved.cuid));
    },
  });
  // The current bundle stays offered even when the list of bundles cannot be read.
  const options =
    voucher?.bundle && !bundles.some((option) => option.value === voucher.bundle?.cuid)
      ? [...bundles, { value: voucher.bundle.cuid, label: voucher.bundle.title }]
      : bundles;

  return (
    <ProductFormPage
      kind="vouchers"
      product={
        voucher && {
          cuid: voucher.cuid,
          title: voucher.title,
          on: voucher.published,
          used: voucher.sold,
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
            label={t("admin.products.vouchers.amount", { currency })}
            hint={t("admin.products.vouchers.amount_hint")}
            inputMode="decimal"
            autoComplete="off"
            {...field("amount")}
          />
          <SelectField
            label={t("admin.products.vouchers.bundle")}
            placeholder={t("admin.products.vouchers.no_bundle")}
            options={options}
            {...field("bundle")}
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
        </FormPanel>
        {voucher ? null : (
          <SwitchOnCreate switchParam="published" registration={form.register("published")} />
        )}
      </div>
    </ProductFormPage>
  );
}
