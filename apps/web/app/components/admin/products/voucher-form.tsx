import { type AdminVoucherView, voucherBody } from "@booking/contracts";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { productsApi } from "../../../lib/admin/products-api";
import { TextField } from "../../ui/field";
import { checkedBy, typedAmount } from "../catalogue/form-inputs";
import type { SelectOption } from "../fields";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";
import { amountText } from "../payments/amount-field";
import { typedDays } from "./form-inputs";
import { DurationField, PriceField, ProductTexts } from "./product-fields";
import { ProductFormPage, SwitchOnCreate, storefrontProduct } from "./product-form-page";
import { durationDays } from "./product-kinds";
import { useProductForm, useProductInputs } from "./use-product-form";

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
  const { currency, language } = useProductInputs();
  const money = (minor: number | undefined) => amountText(minor ?? 0, currency, language);
  const { form, field, richText, onSubmit, pending } = useProductForm({
    kind: "vouchers",
    product: voucher,
    calls: productsApi.vouchers,
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
    fields: ["title", "description", "price", "amount", "bundle", "duration"],
  });
  // The current bundle stays offered even when the list of bundles cannot be read.
  const options =
    voucher?.bundle && !bundles.some((option) => option.value === voucher.bundle?.cuid)
      ? [...bundles, { value: voucher.bundle.cuid, label: voucher.bundle.title }]
      : bundles;

  return (
    <ProductFormPage
      kind="vouchers"
      product={storefrontProduct(voucher)}
      onSubmit={onSubmit}
      pending={pending}
    >
      <ProductTexts title={field("title")} description={richText("description")} />
      <div className="flex flex-col gap-4">
        <FormPanel title={t("admin.products.fields.sale")}>
          <PriceField currency={currency} {...field("price")} />
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
          <DurationField {...field("duration")} />
        </FormPanel>
        {voucher ? null : (
          <SwitchOnCreate switchParam="published" registration={form.register("published")} />
        )}
      </div>
    </ProductFormPage>
  );
}
