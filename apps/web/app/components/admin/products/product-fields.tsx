import { PRODUCT_ENTITIES } from "@booking/contracts";
import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "../../../i18n/react";
import { TextField } from "../../ui/field";
import { RichTextEditor } from "../catalogue/rich-text-editor";
import { SelectField } from "../fields";

/** What `useAdminForm`'s `field(name)` gives an input. */
type InputProps = UseFormRegisterReturn & { error?: string };

/** What `useAdminForm`'s `richText(name)` gives a rich-text editor. */
type RichTextProps = { value: string; onChange: (html: string) => void; error?: string };

/** The main column of a product sold on the storefront: its title, description, then `children`. */
export function ProductTexts({
  title,
  description,
  children,
}: {
  title: InputProps;
  description: RichTextProps;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <TextField
        label={t("admin.products.fields.title")}
        autoComplete="off"
        data-testid="product-title"
        {...title}
      />
      <RichTextEditor label={t("admin.products.fields.description")} {...description} />
      {children}
    </div>
  );
}

/** A product's price, in the organiser's currency. */
export function PriceField({ currency, ...props }: InputProps & { currency: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("admin.products.fields.price", { currency })}
      inputMode="decimal"
      autoComplete="off"
      data-testid="product-price"
      {...props}
    />
  );
}

/** Whom a product is for: one participant or the whole family (the customer). */
export function EntityField(props: InputProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("admin.products.fields.entity")}
      options={PRODUCT_ENTITIES.map((entity) => ({
        value: entity,
        label: t(`admin.products.entity.${entity}`),
      }))}
      {...props}
    />
  );
}

/** How many days after the purchase a product stays valid; blank for no limit. */
export function DurationField(props: InputProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("admin.products.fields.duration_days")}
      hint={t("admin.products.fields.duration_hint")}
      inputMode="numeric"
      optional
      {...props}
    />
  );
}
