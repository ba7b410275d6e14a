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
import { customFieldInputs } from "../../components/custom-field-input";
import { CustomerContactFields, contactFieldProps } from "../../components/customer-contact-fields";
import { SubmitButton } from "../../components/ui/button";
import { api } from "../../lib/api";
import {
  type CustomField,
  type CustomValues,
  customFormFieldOf,
  customValuesFrom,
  customValuesSchema,
  toCustomData,
} from "../../lib/custom-fields";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import { useStorefrontShell } from "../../lib/root-data";
import { seoMeta } from "../../lib/seo";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastPromise } from "../../lib/toast";
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

const PLAIN_FIELDS: ReadonlyArray<Path<ProfileForm>> = ["firstname", "lastname", "email", "phone"];

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
  const form = useForm<ProfileForm>({
    resolver,
    defaultValues: formValues(account.customer, customFields),
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    let customer: SessionCustomer;
    try {
      ({ customer } = await toastPromise(
        api.updateSession({
          firstname: values.firstname,
          lastname: values.lastname,
          email: values.email,
          phone: values.phone,
          custom_data: toCustomData(customFields, values.custom),
        }),
        t,
      ));
    } catch (error) {
      handleError(error, setError, customFormFieldOf<ProfileForm>(PLAIN_FIELDS, customFields));
      return;
    }
    reset(formValues(customer, customFields));
    await revalidate();
  });

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
          <CustomerContactFields {...contactFieldProps(form)} />
        </AccountCard>

        {customFields.length > 0 ? (
          <AccountCard title={t("account.profile.more")}>
            <div className="flex flex-col gap-5">
              {customFieldInputs(customFields, (key) => register(`custom.${key}`), errors.custom)}
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
