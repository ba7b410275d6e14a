import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import {
  AddToCartForm,
  ParticipantField,
  QuantityField,
  quantitySchema,
  useAfterAdding,
} from "./add-to-cart-fields";

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
  const afterAdding = useAfterAdding();
  const handleError = useSubmitErrorHandler();
  const ids = useId();
  const schema = useMemo(
    () =>
      z.object({
        quantity: quantitySchema(MAX_QUANTITY),
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
      const answer = await api.addCartItems(
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
      await afterAdding(answer);
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

  return (
    <AddToCartForm
      title={t("cart.add-to-cart.product.title")}
      testId="purchase-panel"
      price={price}
      onSubmit={onSubmit}
      pending={isSubmitting}
    >
      {data.withParticipant ? (
        <ParticipantField
          id={`${ids}-participant`}
          participants={data.participants}
          error={errors.participant_id}
          registration={register("participant_id")}
        />
      ) : null}
      <QuantityField
        id={`${ids}-quantity`}
        max={MAX_QUANTITY}
        error={errors.quantity}
        registration={register("quantity", { valueAsNumber: true })}
      />
    </AddToCartForm>
  );
}
