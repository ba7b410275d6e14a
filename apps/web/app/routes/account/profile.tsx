import {
  type NewsletterConsentView,
  type SessionCustomer,
  updateSessionBody,
} from "@booking/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import type { ComponentProps } from "react";
import { useMemo } from "react";
import { type Path, type Resolver, useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { requireAccount, useAccount } from "../../components/account/account-data";
import {
  BillingDetailsForm,
  useBillingDetails,
} from "../../components/account/billing-details-form";
import { AccountCard } from "../../components/account/card";
import { DangerZone } from "../../components/account/danger-zone";
import { AccountPageHeader } from "../../components/account/page-header";
import { useFormatters } from "../../components/account-items/use-formatters";
import { customFieldInputs } from "../../components/custom-field-input";
import { CustomerContactFields, contactFieldProps } from "../../components/customer-contact-fields";
import { SubmitButton } from "../../components/ui/button";
import { useTranslation } from "../../i18n/react";
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

/** The newsletter consent (decision 0047): a box the customer ticks, with since when. */
function NewsletterCard({
  consent,
  locked,
  ...input
}: { consent: NewsletterConsentView; locked: boolean } & ComponentProps<"input">) {
  const { t } = useTranslation();
  const format = useFormatters();
  const since = consent.subscribed
    ? consent.subscribed_at &&
      t("account.profile.newsletter.since", { date: format.date(consent.subscribed_at) })
    : consent.unsubscribed_at &&
      t("account.profile.newsletter.until", { date: format.date(consent.unsubscribed_at) });
  return (
    <AccountCard title={t("account.profile.newsletter.title")}>
      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-3">
          <input
            id="profile-newsletter"
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-[var(--accent-ink)]"
            disabled={locked}
            {...input}
          />
          <label htmlFor="profile-newsletter" className="text-base text-slate-900">
            {t("account.profile.newsletter.label")}
          </label>
        </div>
        {since ? (
          <p className="text-sm text-slate-700" data-testid="profile-newsletter-state">
            {since}
          </p>
        ) : null}
        {locked ? (
          <p className="text-sm text-slate-700">{t("account.profile.newsletter.impersonated")}</p>
        ) : null}
      </div>
    </AccountCard>
  );
}

/** Billing details for invoices to a company, saved on their own (GET|PUT /api/billing-details). */
function BillingDetailsCard() {
  const { t } = useTranslation();
  const details = useBillingDetails();
  return (
    <AccountCard title={t("account.profile.billing.title")}>
      {details ? <BillingDetailsForm details={details} /> : null}
    </AccountCard>
  );
}

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
  newsletter: boolean;
  custom: CustomValues;
}

const PLAIN_FIELDS: ReadonlyArray<Path<ProfileForm>> = ["firstname", "lastname", "email", "phone"];

/** The shared schema of PUT /api/session, with the custom fields checked field by field. */
function profileSchema(fields: CustomField[]) {
  return updateSessionBody
    .omit({ custom_data: true, newsletter: true })
    .extend({ newsletter: z.boolean(), custom: customValuesSchema(fields) });
}

function formValues(customer: SessionCustomer, fields: CustomField[]): ProfileForm {
  return {
    firstname: customer.firstname,
    lastname: customer.lastname,
    email: customer.email,
    phone: customer.phone,
    newsletter: customer.newsletter.subscribed,
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
          newsletter: values.newsletter,
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

        <NewsletterCard
          consent={account.customer.newsletter}
          // Staff acting as the customer may withdraw the consent, never give it.
          locked={impersonated && !account.customer.newsletter.subscribed}
          {...register("newsletter")}
        />

        <div className="flex justify-end">
          <SubmitButton pending={isSubmitting} size="lg" className="w-full sm:w-auto">
            {t("account.profile.submit")}
          </SubmitButton>
        </div>
      </form>

      <BillingDetailsCard />

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
