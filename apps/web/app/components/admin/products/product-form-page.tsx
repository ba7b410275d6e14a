import type { FormEventHandler, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import type { ProductSwitch } from "../../../lib/admin/product-loaders";
import { Button, SubmitButton } from "../../ui/button";
import { PageHeader } from "../page-header";
import { ProductActions } from "./product-actions";
import { PRODUCT_KINDS, type ProductKind } from "./product-kinds";

/**
 * The page of a product's form: back to its list, its switch and deletion when it exists, the
 * fields (read-only without the permission to save), and the save bar.
 */
export function ProductFormPage({
  kind,
  product,
  onSubmit,
  pending,
  children,
}: {
  kind: ProductKind;
  /** the product edited; a new one without it */
  product?: { cuid: string; title: string; on: boolean; used: number };
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useConsole();
  const { path, permissions } = PRODUCT_KINDS[kind];
  const readOnly = !can(product ? permissions.update : permissions.create);
  const text = (key: string) => t(`admin.products.${kind}.${key}`);

  return (
    <>
      <PageHeader
        title={product ? product.title : text("new")}
        description={
          product ? t("admin.products.sold_summary", { count: product.used }) : text("description")
        }
        back={{ to: path, label: text("back") }}
        actions={
          product ? <ProductActions kind={kind} product={product} afterDelete={path} /> : null
        }
      />
      <form method="post" onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-6">
        <fieldset disabled={readOnly} className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
          {children}
        </fieldset>
        {readOnly ? null : (
          <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
            <Button variant="secondary" onClick={() => navigate(path)}>
              {t("admin.common.cancel")}
            </Button>
            <SubmitButton pending={pending} data-testid={`save-${kind}`}>
              {t(product ? "admin.products.save" : "admin.products.create")}
            </SubmitButton>
          </div>
        )}
      </form>
    </>
  );
}

/** What the form page shows of a product published on the storefront or not (not a coupon). */
export const storefrontProduct = (
  product: { cuid: string; title: string; published: boolean; sold: number } | undefined,
) =>
  product && {
    cuid: product.cuid,
    title: product.title,
    on: product.published,
    used: product.sold,
  };

/** The box of a new product's form that switches it on straight away (published, active). */
export function SwitchOnCreate({
  switchParam,
  registration,
}: {
  switchParam: ProductSwitch;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <label className="flex items-start gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-xs">
      <input
        type="checkbox"
        className="mt-0.5 size-4"
        data-testid="switch-on-create"
        {...registration}
      />
      <span>
        <span className="font-medium text-slate-900">
          {t(`admin.products.on_create.${switchParam}`)}
        </span>
        <span className="block text-slate-600">
          {t(`admin.products.on_create.${switchParam}_hint`)}
        </span>
      </span>
    </label>
  );
}
