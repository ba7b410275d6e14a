import { DEFAULT_TIME_ZONE } from "@booking/domain";
import type { DefaultValues, FieldValues } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { useLanguage } from "../../../lib/root-data";
import { apiPathFields } from "../catalogue/form-inputs";
import { type ProductKind, productPath } from "./product-kinds";

/** What a product's inputs are typed in: the organiser's currency and time zone, the language. */
export function useProductInputs() {
  const language = useLanguage();
  const { session } = useConsole();
  return {
    language,
    currency: session.organiser?.currency ?? "EUR",
    timeZone: session.organiser?.timezone ?? DEFAULT_TIME_ZONE,
  };
}

/**
 * The form of a product of `kind`: creates it or updates `product` through `calls`, toasts its
 * name (`nameOf`, its title by default), and goes to the new product's page once created.
 * `fields` are the form fields named as the API's, which take its field errors.
 */
export function useProductForm<
  I extends FieldValues,
  O,
  View extends { cuid: string; title: string },
>({
  kind,
  product,
  calls,
  schema,
  defaultValues,
  fields,
  nameOf = (saved) => saved.title,
}: {
  kind: ProductKind;
  product: { cuid: string } | undefined;
  calls: {
    create: (body: O) => Promise<View>;
    update: (cuid: string, body: O) => Promise<View>;
  };
  schema: z.ZodType<O, I>;
  defaultValues: DefaultValues<I>;
  fields: readonly string[];
  nameOf?: (saved: View) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useAdminForm({
    schema,
    defaultValues,
    send: (values) => (product ? calls.update(product.cuid, values) : calls.create(values)),
    success: (saved) =>
      t(product ? "admin.products.saved" : "admin.products.created", { title: nameOf(saved) }),
    revalidate: Boolean(product),
    resolveField: apiPathFields<I>(fields),
    onSuccess: (saved) => {
      if (!product) navigate(productPath(kind, saved.cuid));
    },
  });
}
