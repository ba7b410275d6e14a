import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AuthCard } from "../../components/auth-card";
import { useLocalizedHref } from "../../components/localized-link";
import { SubmitButton } from "../../components/ui/button";
import { useErrorMessage } from "../../components/ui/field";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, api } from "../../lib/api";
import { seoMeta } from "../../lib/seo";
import { requireStorefront } from "../../lib/server-context";
import { simplePageSeo } from "../../lib/storefront-page";
import { toastSuccess } from "../../lib/toast";
import type { Route } from "./+types/newsletter-unsubscribe";

export function loader({ context, params, request }: Route.LoaderArgs) {
  const { organiser } = requireStorefront(context);
  return {
    seo: simplePageSeo(context, params, request, {
      title: "newsletter_unsubscribe.title",
      description: "meta.newsletter_unsubscribe_description",
      path: "/newsletters/unsubscribe",
      robots: "noindex",
    }),
    // The organiser's own title and subtitle (website settings); null: the default texts.
    texts: organiser.newsletter_unsubscribe_texts,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * storefront.md "Newsletter unsubscribe": the organiser's title and subtitle and one button,
 * which posts the token of the page's address; then to the redirect value (a path of this site,
 * the server says which) or the home page.
 */
export default function NewsletterUnsubscribe({ loaderData }: Route.ComponentProps) {
  const { texts } = loaderData;
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const navigate = useNavigate();
  const localize = useLocalizedHref();
  const errorMessage = useErrorMessage();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(
    token ? null : "newsletter_unsubscribe.missing_token",
  );

  async function unsubscribe(event: React.FormEvent) {
    event.preventDefault();
    if (!token) return;
    setPending(true);
    setError(null);
    try {
      const { redirect } = await api.unsubscribeNewsletter({
        token,
        redirect: searchParams.get("redirect"),
      });
      // Told on the page it lands on: a toast asked for while the navigation renders could be
      // shown before the toaster, downloaded with the first toast, listens.
      await navigate(localize(redirect), { replace: true });
      toastSuccess(t("newsletter_unsubscribe.success"));
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.code : "UNKNOWN_ERROR");
      setPending(false);
    }
  }

  return (
    <AuthCard
      title={texts.title ?? t("newsletter_unsubscribe.title")}
      subtitle={texts.subtitle ?? t("newsletter_unsubscribe.subtitle")}
    >
      <form method="post" onSubmit={unsubscribe} className="flex flex-col gap-5">
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {errorMessage(error)}
          </p>
        ) : null}
        <SubmitButton
          pending={pending}
          size="lg"
          className="w-full"
          disabled={!token}
          data-testid="newsletter-unsubscribe"
        >
          {t("newsletter_unsubscribe.submit")}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
