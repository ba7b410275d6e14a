import type { BillingDetailsView } from "@booking/contracts";
import { useEffect, useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "../../i18n/react";
import { api } from "../../lib/api";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import { toastPromise } from "../../lib/toast";
import { SubmitButton } from "../ui/button";
import { TextField } from "../ui/field";

// A customer's billing details for invoices to a company (issue 16 §1): company, address, VAT
// number (the server checks its check digits) and the Peppol id it derives from a Belgian one.
// Saved on its own through GET|PUT /api/billing-details, on the profile and at checkout.

const FIELDS: ReadonlyArray<Path<BillingDetailsView>> = [
  "company_name",
  "street",
  "postcode",
  "city",
  "country",
  "vat_number",
  "peppol_id",
];

/** The customer's saved billing details once loaded (null while loading or not `wanted`). */
export function useBillingDetails(wanted = true): BillingDetailsView | null {
  const [details, setDetails] = useState<BillingDetailsView | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    api.billingDetails().then((loaded) => live && setDetails(loaded));
    return () => {
      live = false;
    };
  }, [wanted]);
  return details;
}

/**
 * The checkout's "I need an invoice for a company" disclosure: the details load only once it is
 * opened, so a checkout without one makes no extra request (the registration-day rush).
 */
export function BillingDetailsDisclosure() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const details = useBillingDetails(open);
  return (
    <details
      className="rounded-xl border border-slate-200 bg-white p-5"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="checkout-billing-details"
    >
      <summary className="cursor-pointer text-base font-semibold text-slate-950">
        {t("account.profile.billing.checkout_toggle")}
      </summary>
      <div className="mt-4">{details ? <BillingDetailsForm details={details} /> : null}</div>
    </details>
  );
}

export function BillingDetailsForm({
  details,
  onSaved,
}: {
  details: BillingDetailsView;
  onSaved?: (saved: BillingDetailsView) => void;
}) {
  const { t } = useTranslation();
  const handleError = useSubmitErrorHandler();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<BillingDetailsView>({ defaultValues: details });
  const label = (name: string) => t(`account.profile.billing.${name}`);
  const field = (name: Path<BillingDetailsView>) => ({
    label: label(name),
    error: errors[name]?.message,
    ...register(name),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await toastPromise(api.saveBillingDetails(values), t);
      reset(saved);
      onSaved?.(saved);
    } catch (error) {
      handleError(error, setError, (path) =>
        FIELDS.includes(path as Path<BillingDetailsView>)
          ? (path as Path<BillingDetailsView>)
          : null,
      );
    }
  });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      data-testid="billing-details-form"
    >
      <p className="text-sm text-slate-700">{label("intro")}</p>
      <TextField autoComplete="organization" {...field("company_name")} />
      <TextField autoComplete="street-address" optional {...field("street")} />
      <div className="grid gap-5 sm:grid-cols-[1fr_2fr_1fr] sm:items-end">
        <TextField autoComplete="postal-code" optional {...field("postcode")} />
        <TextField autoComplete="address-level2" optional {...field("city")} />
        <TextField autoComplete="country" maxLength={2} {...field("country")} />
      </div>
      <TextField
        autoComplete="off"
        spellCheck={false}
        optional
        hint={label("vat_number_hint")}
        {...field("vat_number")}
      />
      <TextField
        autoComplete="off"
        spellCheck={false}
        optional
        hint={label("peppol_id_hint")}
        {...field("peppol_id")}
      />
      <div className="flex justify-end">
        <SubmitButton pending={isSubmitting} className="w-full sm:w-auto">
          {label("submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
