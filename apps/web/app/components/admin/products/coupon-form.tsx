import { type AdminCouponView, couponBody } from "@booking/contracts";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { productsApi } from "../../../lib/admin/products-api";
import { TextField } from "../../ui/field";
import { checkedBy, typedAmount, typedPercentage } from "../catalogue/form-inputs";
import { FormPanel } from "../form-panel";
import { amountText } from "../payments/amount-field";
import { ProductFormPage, SwitchOnCreate } from "./product-form-page";
import { useProductForm, useProductInputs } from "./use-product-form";

const DISCOUNT_KINDS = ["amount", "percentage"] as const;

function couponForm(currency: string) {
  return z
    .object({
      title: z.string(),
      label: z.string(),
      code: z.string(),
      discount: z.enum(DISCOUNT_KINDS),
      amount: z.string(),
      percentage: z.string(),
      min_total_amount: typedAmount(currency),
      active: z.boolean(),
    })
    .transform(({ discount, amount, percentage, ...rest }, context) => {
      // Only the kind of discount chosen is sent; the other is null.
      const value =
        discount === "amount"
          ? typedAmount(currency).safeParse(amount)
          : typedPercentage.safeParse(percentage);
      if (!value.success) {
        context.addIssue({ code: "custom", message: "INVALID_FORMAT", path: [discount] });
        return z.NEVER;
      }
      return {
        ...rest,
        amount: discount === "amount" ? value.data : null,
        percentage: discount === "percentage" ? value.data : null,
      };
    })
    .transform(checkedBy(couponBody));
}
type CouponFormValues = z.input<ReturnType<typeof couponForm>>;

/**
 * A coupon: its internal name, what the cart shows, the code customers type (upper-case, unique
 * at the organiser), an amount or a percentage off, and the cart total it needs.
 */
export function CouponForm({ coupon }: { coupon?: AdminCouponView }) {
  const { t } = useTranslation();
  const { currency, language } = useProductInputs();
  const { form, field, onSubmit, pending } = useProductForm({
    kind: "coupons",
    product: coupon,
    calls: productsApi.coupons,
    schema: couponForm(currency),
    defaultValues: {
      title: coupon?.title ?? "",
      label: coupon?.label ?? "",
      code: coupon?.code ?? "",
      discount:
        coupon?.percentage !== null && coupon?.percentage !== undefined ? "percentage" : "amount",
      amount: coupon?.amount ? amountText(coupon.amount, currency, language) : "",
      percentage: coupon?.percentage ? String(coupon.percentage) : "",
      min_total_amount: amountText(coupon?.min_total_amount ?? 0, currency, language),
      active: coupon?.active ?? true,
    } satisfies CouponFormValues,
    fields: ["title", "label", "code", "amount", "percentage", "min_total_amount"],
    nameOf: (saved) => saved.code,
  });
  const discount = form.watch("discount");

  return (
    <ProductFormPage
      kind="coupons"
      product={
        coupon && { cuid: coupon.cuid, title: coupon.code, on: coupon.active, used: coupon.uses }
      }
      onSubmit={onSubmit}
      pending={pending}
    >
      <div className="flex flex-col gap-5">
        <TextField
          label={t("admin.products.coupons.code")}
          hint={t("admin.products.coupons.code_hint")}
          autoComplete="off"
          className="font-mono"
          data-testid="coupon-code"
          {...field("code")}
        />
        <TextField
          label={t("admin.products.coupons.title_field")}
          autoComplete="off"
          {...field("title")}
        />
        <TextField
          label={t("admin.products.coupons.label")}
          hint={t("admin.products.coupons.label_hint")}
          autoComplete="off"
          {...field("label")}
        />
      </div>
      <div className="flex flex-col gap-4">
        <FormPanel title={t("admin.products.coupons.discount")}>
          <fieldset className="flex gap-4">
            <legend className="sr-only">{t("admin.products.coupons.discount")}</legend>
            {DISCOUNT_KINDS.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value={kind}
                  className="size-4"
                  {...form.register("discount")}
                />
                {t(`admin.products.coupons.kind.${kind}`)}
              </label>
            ))}
          </fieldset>
          {discount === "amount" ? (
            <TextField
              label={t("admin.products.coupons.amount", { currency })}
              inputMode="decimal"
              autoComplete="off"
              {...field("amount")}
            />
          ) : (
            <TextField
              label={t("admin.products.coupons.percentage")}
              inputMode="decimal"
              autoComplete="off"
              {...field("percentage")}
            />
          )}
          <TextField
            label={t("admin.products.coupons.min_total_amount_field", { currency })}
            hint={t("admin.products.coupons.min_total_amount_hint")}
            inputMode="decimal"
            autoComplete="off"
            {...field("min_total_amount")}
          />
        </FormPanel>
        {coupon ? null : (
          <SwitchOnCreate switchParam="active" registration={form.register("active")} />
        )}
      </div>
    </ProductFormPage>
  );
}
