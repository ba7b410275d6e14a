import type { NewsletterView, SegmentWithCount } from "@booking/contracts";
import { useNavigate } from "react-router";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import {
  NewsletterForm,
  NewsletterPreviewFrame,
} from "../../../components/admin/newsletters/newsletter-form";
import {
  NewsletterDeliveryCounts,
  NewsletterSending,
} from "../../../components/admin/newsletters/newsletter-sending";
import { NewsletterStatusBadge } from "../../../components/admin/newsletters/newsletter-status";
import { PageHeader } from "../../../components/admin/page-header";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import {
  NEWSLETTERS_API,
  NEWSLETTERS_PATH,
  newslettersApi,
  SEGMENTS_API,
} from "../../../lib/admin/newsletters-api";
import { hasPermission } from "../../../lib/admin/permissions";
import type { Route } from "./+types/edit";

/**
 * /admin/newsletters/new and /admin/newsletters/:cuid: the compose form while the newsletter is
 * a draft or scheduled, its sending and its delivery counts.
 */
export async function loader(args: Route.LoaderArgs) {
  const { cuid } = args.params as { cuid?: string };
  const { session } = requirePermission(
    args,
    cuid ? "newsletters.newsletters.read" : "newsletters.newsletters.create",
  );
  const [newsletter, segments] = await Promise.all([
    cuid ? adminGet<NewsletterView>(args, `${NEWSLETTERS_API}/${encodeURIComponent(cuid)}`) : null,
    hasPermission(session, "segments.segments.read")
      ? adminGet<{ data: SegmentWithCount[] }>(args, SEGMENTS_API).then((list) => list.data)
      : [],
  ]);
  return { newsletter, segments };
}

export default function NewsletterEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useConsole();
  const { newsletter, segments } = loaderData;
  const back = { to: NEWSLETTERS_PATH, label: t("admin.newsletters.back") };
  if (!newsletter) {
    return (
      <>
        <PageHeader title={t("admin.newsletters.new_title")} back={back} />
        <NewsletterForm newsletter={null} segments={segments} />
      </>
    );
  }
  const editable =
    (newsletter.status === "DRAFT" || newsletter.status === "SCHEDULED") &&
    can("newsletters.newsletters.update");
  return (
    <>
      <PageHeader
        title={newsletter.subject}
        description={<NewsletterStatusBadge status={newsletter.status} />}
        back={back}
        actions={
          newsletter.status === "DRAFT" && can("newsletters.newsletters.delete") ? (
            <DeleteButton
              name={newsletter.subject}
              title={t("admin.newsletters.delete.title")}
              description={t("admin.newsletters.delete.description")}
              done={t("admin.newsletters.delete.done")}
              remove={() => newslettersApi.remove(newsletter.cuid)}
              onDeleted={() => navigate(NEWSLETTERS_PATH)}
              showLabel
            />
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <NewsletterSending newsletter={newsletter} />
        <NewsletterDeliveryCounts newsletter={newsletter} />
      </div>
      <div className="mt-6">
        {editable ? (
          <NewsletterForm newsletter={newsletter} segments={segments} />
        ) : (
          <NewsletterPreviewFrame subject={newsletter.subject} content={newsletter.content} />
        )}
      </div>
    </>
  );
}
