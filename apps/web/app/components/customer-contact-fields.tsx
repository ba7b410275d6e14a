import type { FocusEvent } from "react";
import type {
  FieldErrors,
  Path,
  PathValue,
  UseFormRegisterReturn,
  UseFormReturn,
} from "react-hook-form";
import { useTranslation } from "../i18n/react";
import { normalisePhone } from "../lib/phone";
import { TextField } from "./ui/field";

type ContactField = "firstname" | "lastname" | "email" | "phone";
type ContactValues = Record<ContactField, string>;

/**
 * A customer's contact fields (platform-and-account.md §5, registration and profile forms): first
 * and last name, e-mail and international phone, two by two from 640 px. The phone is normalised
 * on blur (`00…` becomes `+…`) through `setPhone`.
 */
export function CustomerContactFields({
  registrations,
  errors,
  setPhone,
}: {
  registrations: Record<ContactField, UseFormRegisterReturn>;
  errors: Partial<Record<ContactField, string | undefined>>;
  setPhone: (value: string) => void;
}) {
  const { t } = useTranslation();
  const phone = registrations.phone;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label={t("register.form.firstname")}
        autoComplete="given-name"
        error={errors.firstname}
        {...registrations.firstname}
      />
      <TextField
        label={t("register.form.lastname")}
        autoComplete="family-name"
        error={errors.lastname}
        {...registrations.lastname}
      />
      <TextField
        label={t("register.form.email")}
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        error={errors.email}
        {...registrations.email}
      />
      <TextField
        label={t("register.form.phone")}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder={t("register.form.phone_placeholder")}
        hint={t("register.form.phone_hint")}
        error={errors.phone}
        {...phone}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          setPhone(normalisePhone(event.target.value));
          return phone.onBlur(event);
        }}
      />
    </div>
  );
}

/**
 * The props of `CustomerContactFields` for a form holding the contact fields under their own
 * names. Called while the form renders, so the fields register in the form's own order (the
 * first invalid one gets the focus).
 */
export function contactFieldProps<T extends ContactValues>(form: UseFormReturn<T>) {
  const errors = form.formState.errors as FieldErrors<ContactValues>;
  const register = (name: ContactField) => form.register(name as Path<T>);
  return {
    registrations: {
      firstname: register("firstname"),
      lastname: register("lastname"),
      email: register("email"),
      phone: register("phone"),
    },
    errors: {
      firstname: errors.firstname?.message,
      lastname: errors.lastname?.message,
      email: errors.email?.message,
      phone: errors.phone?.message,
    },
    setPhone: (value: string) => form.setValue("phone" as Path<T>, value as PathValue<T, Path<T>>),
  };
}
