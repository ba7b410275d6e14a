import { useNavigate } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { productsApi } from "../../../lib/admin/products-api";
import { EyeIcon, EyeOffIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../dialog";
import { PRODUCT_KINDS, type ProductKind } from "./product-kinds";

/** What this component calls of any product. */
interface ProductSwitchCalls {
  setSwitch(cuid: string, on: boolean): Promise<unknown>;
  remove(cuid: string): Promise<unknown>;
}

/**
 * A product's switch (publish or unpublish, activate or deactivate) and its deletion, offered
 * only while nobody bought it or used it: what customers bought stays, switched off instead.
 */
export function ProductActions({
  kind,
  product,
  afterDelete,
}: {
  kind: ProductKind;
  product: { cuid: string; title: string; on: boolean; used: number };
  /** where to go once deleted (its list, from its own page); stays on the list otherwise */
  afterDelete?: string;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const navigate = useNavigate();
  const calls: ProductSwitchCalls = productsApi[kind];
  const { permissions } = PRODUCT_KINDS[kind];
  const labels = (key: string) => t(`admin.products.${kind}.${key}`, { title: product.title });
  const toggle = useAdminMutation(() => calls.setSwitch(product.cuid, !product.on), {
    success: labels(product.on ? "switched_off" : "switched_on"),
  });
  const remove = useAdminMutation(() => calls.remove(product.cuid), {
    success: labels("deleted"),
    revalidate: !afterDelete,
  });

  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {can(permissions.update) ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => toggle.mutate()}
          disabled={toggle.pending}
          data-testid="product-switch"
        >
          {product.on ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
          {labels(product.on ? "switch_off" : "switch_on")}
        </Button>
      ) : null}
      {can(permissions.delete) && product.used === 0 ? (
        <ConfirmDialog
          trigger={
            <Button
              variant="ghost"
              size="sm"
              aria-label={labels("delete_named")}
              data-testid="product-delete"
            >
              <TrashIcon className="size-4" />
              <span className="sr-only sm:not-sr-only">{t("admin.products.delete")}</span>
            </Button>
          }
          title={labels("delete_named")}
          description={t("admin.products.delete_description")}
          confirmLabel={t("admin.products.delete")}
          onConfirm={async () => {
            const outcome = await remove.mutate();
            if (outcome.ok && afterDelete) navigate(afterDelete);
            return outcome.ok;
          }}
        />
      ) : null}
    </div>
  );
}
