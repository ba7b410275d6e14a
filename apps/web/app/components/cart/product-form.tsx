import { zodResolver } from "@hookform/resolvers/zod";
import { clsx } from "clsx";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocation, useRevalidator } from "react-router";
import { z } from "zod";
import { api } from "../../lib/api";
import { useCart } from "../../lib/cart-context";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import { withRedirect } from "../../lib/links";
import { toastSuccess } from "../../lib/toast";
import { SidePanel } from "../catalogue/detail";
import { LocalizedLink } from "../localized-link";
import { SubmitButton } from "../ui/button";
import { describedBy, FieldShell, inputClasses } from "../ui/field";

/** What a bundle, membership or voucher page gives its add form. */
export interface ProductFormData {
  kind: "bundle" | "membership" | "voucher";
  id: number;
  /** asks a participant: bundles and memberships whose entity is PARTICIPANTS */
  withParticipant: boolean;
  participants: Array<{ id: number; fullname: string }>;
  participantId: number | null;
}

/** More units than anyone buys at once; the API takes 50 entries per kind. */
const MAX_QUANTITY = 50;

interface FormValues {
  quantity: number;
  participant_id: string;
}

/**
 * The add form of a bundle, membership or voucher (storefront.md §5): a quantity (integer, at
 * least 1, default 1) and, for PARTICIPANTS bundles and memberships, a participant; one entry per
 * unit goes to POST /api/carts/items.
 */
export function ProductForm({ data, price }: { data: ProductFormData; price: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const cart = useCart();
  const revalidator = useRevalidator();
  const handleError = useSubmitErrorHandler();
  const ids = useId();
  const schema = useMemo(
    () =>
      z.object({
        quantity: z
          .number("INVALID_TYPE")
          .int("INVALID_TYPE")
          .min(1, "TOO_SMALL")
          .max(MAX_QUANTITY, "TOO_BIG"),
        participant_id: data.withParticipant ? z.string().min(1, "REQUIRED") : z.string(),
      }),
    [data.withParticipant],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      quantity: 1,
      participant_id: data.participantId !== null ? String(data.participantId) : "",
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const participant = data.withParticipant ? Number(values.participant_id) : null;
    const units = Array.from({ length: values.quantity });
    try {
      await api.addCartItems(
        data.kind === "bundle"
          ? { bundles: units.map(() => ({ bundle_id: data.id, participant_id: participant })) }
          : data.kind === "membership"
            ? {
                memberships: units.map(() => ({
                  membership_id: data.id,
                  participant_id: participant,
                })),
              }
            : { vouchers: units.map(() => ({ voucher_id: data.id })) },
      );
      toastSuccess(t("cart.messages.updated"));
      await Promise.all([cart.refreshAndOpen(), revalidator.revalidate()]);
    } catch (error) {
      handleError(error, setError, (path) => {
        if (/\.participant_id$|^participant_id$/.test(path) && data.withParticipant) {
          return "participant_id";
        }
        if (/^(bundles|memberships|vouchers)$/.test(path)) return "quantity";
        return null;
      });
    }
  });

  const here = `${location.pathname}${location.search}`;
  return (
    <SidePanel title={t("cart.add-to-cart.product.title")} testId="purchase-panel">
      <form
        noValidate
        onSubmit={onSubmit}
        data-testid="add-to-cart-form"
        aria-label={t("cart.add-to-cart.product.title")}
        className="flex flex-col gap-5"
      >
        <p className="flex items-baseline justify-between gap-4">
          <span className="font-medium">{t("catalogue.price")}</span>
          <span className="text-xl font-bold text-slate-950">{price}</span>
        </p>
        {data.withParticipant ? (
          <>
            <FieldShell
              id={`${ids}-participant`}
              label={t("cart.add-to-cart.form.participant")}
              error={errors.participant_id?.message}
            >
              <select
                id={`${ids}-participant`}
                aria-required
                className={inputClasses(Boolean(errors.participant_id))}
                {...describedBy(`${ids}-participant`, null, errors.participant_id)}
                {...register("participant_id")}
              >
                <option value="">{t("cart.add-to-cart.form.participant_placeholder")}</option>
                {data.participants.map((participant) => (
                  <option key={participant.id} value={String(participant.id)}>
                    {participant.fullname}
                  </option>
                ))}
              </select>
            </FieldShell>
            <LocalizedLink
              to={withRedirect("/account/participants/new", here)}
              className="-mt-3 text-sm font-medium text-accent-ink underline underline-offset-2"
            >
              {t("cart.add-to-cart.form.add_participant")}
            </LocalizedLink>
          </>
        ) : null}
        <FieldShell
          id={`${ids}-quantity`}
          label={t("cart.add-to-cart.form.quantity")}
          error={errors.quantity?.message}
        >
          <input
            id={`${ids}-quantity`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUANTITY}
            step={1}
            aria-required
            className={clsx(inputClasses(Boolean(errors.quantity)), "max-w-32")}
            {...describedBy(`${ids}-quantity`, null, errors.quantity)}
            {...register("quantity", { valueAsNumber: true })}
          />
        </FieldShell>
        <SubmitButton
          pending={isSubmitting}
          size="lg"
          className="w-full"
          data-testid="add-to-cart-submit"
        >
          {t("cart.add-to-cart.form.submit")}
        </SubmitButton>
      </form>
    </SidePanel>
  );
}
