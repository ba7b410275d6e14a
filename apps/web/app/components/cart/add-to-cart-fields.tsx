import type { CurrentCartResponse } from "@booking/contracts";
import { clsx } from "clsx";
import type { FormEventHandler, ReactNode } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useLocation } from "react-router";
import { z } from "zod";
import { useTranslation } from "../../i18n/react";
import { useCart } from "../../lib/cart-context";
import { withRedirect } from "../../lib/links";
import type { Ineligibility } from "../../lib/participant-eligibility";
import { toastSuccessOf } from "../../lib/toast";
import { SidePanel } from "../catalogue/detail";
import { LocalizedLink } from "../localized-link";
import { SubmitButton } from "../ui/button";
import { describedBy, FieldShell, inputClasses } from "../ui/field";
import { useInvalidateEstimates } from "./estimate-panel";

/**
 * Shared pieces of the add forms (registration, bundle, membership, voucher), storefront.md §4
 * "Participant selection", "After adding" and §5.
 */

/** A quantity: an integer from 1 to `max`. */
export function quantitySchema(max: number) {
  return z.number("INVALID_TYPE").int("INVALID_TYPE").min(1, "TOO_SMALL").max(max, "TOO_BIG");
}

/**
 * After adding: a toast, the cart of the add's answer shown in the opened panel at once, the
 * estimates marked stale. The page's own data (places left, the form's first estimate) is read
 * again when the panel closes on this page (`CartState.adopt`): a parent going on to the checkout
 * from the panel costs no reload of a page they are leaving (issue 11 §5, decision 0107).
 */
export function useAfterAdding(): (answer: CurrentCartResponse) => Promise<void> {
  const { i18n } = useTranslation();
  const cart = useCart();
  const invalidateEstimates = useInvalidateEstimates();
  return async (answer) => {
    toastSuccessOf(i18n, "cart.messages.updated");
    cart.adopt(answer.cart);
    // The form that just added is not asked again at once: its own hold may have taken the last
    // place, and the estimate would then be refused (409) for a registration already made.
    await invalidateEstimates({ refetch: false });
    cart.setOpen(true);
  };
}

/** The side panel and form of an add form: the price first, the submit button last. */
export function AddToCartForm({
  title,
  testId,
  price,
  onSubmit,
  pending,
  children,
  submitTestId = "add-to-cart-submit",
  submitDisabled = false,
}: {
  title: string;
  testId: string;
  /** the price row; none when omitted */
  price?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  children: ReactNode;
  submitTestId?: string;
  submitDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SidePanel title={title} testId={testId}>
      <form
        noValidate
        onSubmit={onSubmit}
        data-testid="add-to-cart-form"
        aria-label={title}
        className="flex flex-col gap-5"
      >
        {price !== undefined ? (
          <p className="flex items-baseline justify-between gap-4">
            <span className="font-medium">{t("catalogue.price")}</span>
            <span className="text-xl font-bold text-slate-950">{price}</span>
          </p>
        ) : null}
        {children}
        <SubmitButton
          pending={pending}
          size="lg"
          className="w-full"
          disabled={submitDisabled}
          data-testid={submitTestId}
        >
          {t("cart.add-to-cart.form.submit")}
        </SubmitButton>
      </form>
    </SidePanel>
  );
}

/**
 * The participant select, then `children` (a note), then the link that creates a participant and
 * comes back to this page.
 */
export function ParticipantField({
  id,
  participants,
  error,
  registration,
  children,
}: {
  id: string;
  /** `ineligible`: why one cannot be registered (age limits); shown, and not choosable */
  participants: ReadonlyArray<{ id: number; fullname: string; ineligible?: Ineligibility }>;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <>
      <FieldShell id={id} label={t("cart.add-to-cart.form.participant")} error={error?.message}>
        <select
          id={id}
          aria-required
          className={inputClasses(Boolean(error))}
          {...describedBy(id, null, error)}
          {...registration}
        >
          <option value="">{t("cart.add-to-cart.form.participant_placeholder")}</option>
          {participants.map((participant) => (
            <option
              key={participant.id}
              value={String(participant.id)}
              disabled={Boolean(participant.ineligible)}
              data-ineligible={participant.ineligible ?? undefined}
            >
              {participant.ineligible
                ? t(`cart.add-to-cart.form.ineligible.${participant.ineligible}`, {
                    name: participant.fullname,
                  })
                : participant.fullname}
            </option>
          ))}
        </select>
      </FieldShell>
      {children}
      <LocalizedLink
        to={withRedirect("/account/participants/new", here)}
        className="-mt-3 text-sm font-medium text-accent-ink underline underline-offset-2"
      >
        {t("cart.add-to-cart.form.add_participant")}
      </LocalizedLink>
    </>
  );
}

/** The quantity input (register it with `valueAsNumber`). */
export function QuantityField({
  id,
  max,
  error,
  registration,
}: {
  id: string;
  max: number;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <FieldShell id={id} label={t("cart.add-to-cart.form.quantity")} error={error?.message}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        aria-required
        className={clsx(inputClasses(Boolean(error)), "max-w-32")}
        {...describedBy(id, null, error)}
        {...registration}
      />
    </FieldShell>
  );
}
