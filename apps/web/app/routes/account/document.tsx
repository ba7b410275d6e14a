import { useFormatters } from "../../components/account-items/use-formatters";
import { RegistrationDocuments } from "../../components/documents/registration-documents";
import {
  loadRegistration,
  registrationPageSeo,
  registrationPath,
  registrationSummary,
} from "../../components/registrations/registration-data";
import { RegistrationActionPage } from "../../components/registrations/registration-ui";
import { useTranslation } from "../../i18n/react";
import { seoMeta } from "../../lib/seo";
import { notFound } from "../../lib/server-context";
import type { Route } from "./+types/document";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page, registration } = await loadRegistration(context, params, request);
  const documents = await page.storefront.reader.registrationDocuments(registration.cuid);
  const document = documents?.find((candidate) => candidate.cuid === params.documentCuid);
  if (!document) notFound();
  return {
    seo: registrationPageSeo(context, params, request, {
      title: "documents.title",
      path: `${registrationPath(registration.cuid)}/documents/${document.cuid}`,
    }),
    summary: registrationSummary(registration, page.format),
    document,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * One document of a registration (/account/registrations/{cuid}/documents/{documentCuid},
 * platform-and-account.md §2.3): its download, its custom-element inputs shown at once, or what
 * stands in the way. The registration's page lists the same documents.
 */
export default function DocumentPage({ loaderData }: Route.ComponentProps) {
  const { summary, document } = loaderData;
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <RegistrationActionPage
      title={document.title}
      subtitle={t("registrations.detail.subtitle", { name: summary.participant })}
      summary={summary}
    >
      <RegistrationDocuments documents={[document]} format={format} formsOpen />
    </RegistrationActionPage>
  );
}
