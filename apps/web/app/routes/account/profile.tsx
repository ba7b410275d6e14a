import { type SessionCustomer, updateSessionBody } from "@booking/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { type Path, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { requireAccount, useAccount } from "../../components/account/account-data";
import { AccountCard } from "../../components/account/card";
import { DangerZone } from "../../components/account/danger-zone";
import { AccountPageHeader } from "../../components/account/page-header";
import { CustomFieldInput } from "../../components/custom-field-input";
import { CustomerContactFields } from "../../components/customer-contact-fields";
import { SubmitButton } from "../../components/ui/button";
import { api } from "../../lib/api";
import {
  type CustomField,
  type CustomValues,
  customFieldOfErrorPath,
  customValuesFrom,
  customValuesSchema,
  fieldKey,
  toCustomData,
} from "../../lib/custom-fields";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import { useStorefrontShell } from "../../lib/root-data";
import { seoMeta } from "../../lib/seo";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastSuccess } from "../../lib/toast";
import type { Route } from "./+types/profile";

export function loader({ context, params, request }: Route.LoaderArgs) {
  const { storefront } = requireAccount(context, params, request);
  return {
    seo: simplePageSeo(context, params, request, {
      title: "account.profile.title",
      description: "account.meta_description",
      path: "/account/profile",
      robots: "noindex",
    }),
    customFields: storefront.organiser.custom_fields.customers,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

interface ProfileForm {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  custom: CustomValues;
}

const PLAIN_FIELDS = ["firstname", "lastname", "email", "phone"] as const;

/** The shared schema of PUT /api/session, with the custom fields checked field by field. */
function profileSchema(fields: CustomField[]) {
  return updateSessionBody
    .omit({ custom_data: true })
    .extend({ custom: customValuesSchema(fields) });
}

function formValues(customer: SessionCustomer, fields: CustomField[]): ProfileForm {
  return {
    firstname: customer.firstname,
    lastname: customer.lastname,
    email: customer.email,
    phone: customer.phone,
    custom: customValuesFrom(fields, customer.custom_data),
  };
}

/** The profile tab: the customer's details and custom fields (PUT /api/session). */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const { customFields } = loaderData;
  const { t } = useTranslation();
  const account = useAccount();
  // Staff acting as the customer may edit the profile, not close the account.
  const impersonated = useStorefrontShell()?.impersonated ?? false;
  const { revalidate } = useRevalidator();
  const handleError = useSubmitErrorHandler();
  const resolver = useMemo(
    () => zodResolver(profileSchema(customFields)) as unknown as Resolver<ProfileForm>,
    [customFields],
  );
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    resolver,
    defaultValues: formValues(account.customer, customFields),
  });

  /** API paths (`email`, `custom_data.12`, `custom_data.0.data`) → form fields. */
  function resolveField(path: string): Path<ProfileForm> | null {
    if ((PLAIN_FIELDS as readonly string[]).includes(path)) return path as Path<ProfileForm>;
    const field = customFieldOfErrorPath(customFields, path);
    return field ? (`custom.${fieldKey(field)}` as Path<ProfileForm>) : null;
  }

  const onSubmit = handleSubmit(async (values) => {
    let customer: SessionCustomer;
    try {
      ({ customer } = await api.updateSession({
        firstname: values.firstname,
        lastname: values.lastname,
        email: values.email,
        phone: values.phone,
        custom_data: toCustomData(customFields, values.custom),
      }));
    } catch (error) {
      handleError(error, setError, resolveField);
      return;
    }
    reset(formValues(customer, customFields));
    toastSuccess(t("account.profile.messages.updated"));
    await revalidate();
  });

  const customError = (key: string) =>
    (errors.custom as Record<string, { message?: string } | undefined> | undefined)?.[key]?.message;

  return (
    <div className="flex flex-col gap-8">
      <AccountPageHeader
        title={t("account.profile.title")}
        subtitle={t("account.profile.subtitle", { name: account.organiser })}
      />

      <form
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-6"
        data-testid="profile-form"
      >
        <AccountCard title={t("account.profile.identity")}>
          <CustomerContactFields
            registrations={{
              firstname: register("firstname"),
              lastname: register("lastname"),
              email: register("email"),
              phone: register("phone"),
            }}
            errors={{
              firstname: errors.firstname?.message,
              lastname: errors.lastname?.message,
              email: errors.email?.message,
              phone: errors.phone?.message,
            }}
            setPhone={(value) => setValue("phone", value)}
          />
        </AccountCard>

        {customFields.length > 0 ? (
          <AccountCard title={t("account.profile.more")}>
            <div className="flex flex-col gap-5">
              {customFields.map((field) => (
                <CustomFieldInput
                  key={field.id}
                  field={field}
                  registration={register(`custom.${fieldKey(field)}`)}
                  error={customError(fieldKey(field))}
                />
              ))}
            </div>
          </AccountCard>
        ) : null}

        <div className="flex justify-end">
          <SubmitButton pending={isSubmitting} size="lg" className="w-full sm:w-auto">
            {t("account.profile.submit")}
          </SubmitButton>
        </div>
      </form>

      {impersonated ? null : (
        <DangerZone
          title={t("account.profile.danger.title")}
          body={t("account.profile.danger.body")}
          to="/account/profile/delete"
          label={t("account.profile.danger.link")}
        />
      )}
    </div>
  );
}
