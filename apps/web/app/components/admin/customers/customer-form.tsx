import {
  type CustomDataEntry,
  type CustomerBody,
  type CustomFieldView,
  customerBody,
} from "@booking/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { type Path, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "../../../i18n/react";
import {
  type CustomValues,
  customFormFieldOf,
  customValuesFrom,
  customValuesSchema,
  toCustomData,
} from "../../../lib/custom-fields";
import { useSubmitErrorHandler } from "../../../lib/form-errors";
import { customFieldInputs } from "../../custom-field-input";
import { CustomerContactFields, contactFieldProps } from "../../customer-contact-fields";
import { ButtonLink, SubmitButton } from "../../ui/button";

interface CustomerFormValues {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  custom: CustomValues;
}

const PLAIN_FIELDS: ReadonlyArray<Path<CustomerFormValues>> = [
  "firstname",
  "lastname",
  "email",
  "phone",
];

/** The rules of POST/PUT /api/admin/customers, the custom fields checked field by field. */
function formSchema(fields: CustomFieldView[]) {
  return customerBody.omit({ custom_data: true }).extend({ custom: customValuesSchema(fields) });
}

/**
 * A customer's contact details and the organiser's active customer fields, as the storefront's
 * profile asks them; `onSave` sends them (its API errors land on the fields) and the page goes on.
 */
export function CustomerForm({
  fields,
  customer,
  submitLabel,
  cancelTo,
  onSave,
}: {
  fields: CustomFieldView[];
  /** the customer being edited; none to create one */
  customer?: {
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
    custom_data: CustomDataEntry[];
  };
  submitLabel: string;
  cancelTo: string;
  onSave: (body: CustomerBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const handleError = useSubmitErrorHandler();
  const resolver = useMemo(
    () => zodResolver(formSchema(fields)) as unknown as Resolver<CustomerFormValues>,
    [fields],
  );
  const form = useForm<CustomerFormValues>({
    resolver,
    defaultValues: {
      firstname: customer?.firstname ?? "",
      lastname: customer?.lastname ?? "",
      email: customer?.email ?? "",
      phone: customer?.phone ?? "",
      custom: customValuesFrom(fields, customer?.custom_data),
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave({
        firstname: values.firstname,
        lastname: values.lastname,
        email: values.email,
        phone: values.phone,
        custom_data: toCustomData(fields, values.custom),
      });
    } catch (error) {
      handleError(error, setError, customFormFieldOf<CustomerFormValues>(PLAIN_FIELDS, fields));
    }
  });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="flex max-w-3xl flex-col gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6"
      data-testid="customer-form"
    >
      <CustomerContactFields {...contactFieldProps(form)} />
      {fields.length > 0 ? (
        <fieldset className="flex flex-col gap-5 border-t border-slate-200 pt-5">
          <legend className="sr-only">{t("admin.customers.form.more")}</legend>
          <p aria-hidden="true" className="text-sm font-semibold text-slate-950">
            {t("admin.customers.form.more")}
          </p>
          {customFieldInputs(fields, (key) => register(`custom.${key}`), errors.custom)}
        </fieldset>
      ) : null}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <ButtonLink to={cancelTo} variant="secondary">
          {t("admin.common.cancel")}
        </ButtonLink>
        <SubmitButton pending={isSubmitting} data-testid="customer-submit">
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
