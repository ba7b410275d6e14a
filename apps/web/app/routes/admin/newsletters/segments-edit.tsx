import type {
  AdminCustomFieldView,
  AdminMembershipView,
  ListEnvelope,
  SegmentWithCount,
  TagList,
} from "@booking/contracts";
import { useNavigate } from "react-router";
import { DeleteButton } from "../../../components/admin/catalogue/delete-button";
import { SegmentForm } from "../../../components/admin/newsletters/segment-form";
import { PageHeader } from "../../../components/admin/page-header";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { SEGMENTS_API, SEGMENTS_PATH, segmentsApi } from "../../../lib/admin/newsletters-api";
import { hasPermission } from "../../../lib/admin/permissions";
import { loadTags } from "../../../lib/admin/tag-loaders";
import type { Route } from "./+types/segments-edit";

/** /admin/newsletters/segments/new and /admin/newsletters/segments/:cuid. */
export async function loader(args: Route.LoaderArgs) {
  const { cuid } = args.params as { cuid?: string };
  const { session } = requirePermission(
    args,
    cuid ? "segments.segments.read" : "segments.segments.create",
  );
  const may = (permission: Parameters<typeof hasPermission>[1]) =>
    hasPermission(session, permission);
  const [segment, activities, memberships, fields, customerTags, participantTags] =
    await Promise.all([
      cuid ? adminGet<SegmentWithCount>(args, `${SEGMENTS_API}/${encodeURIComponent(cuid)}`) : null,
      may("activities.activities.read")
        ? adminGet<ListEnvelope<{ cuid: string; title: string }>>(
            args,
            "/api/admin/activities?page_size=100",
          ).then((list) => list.data.map(({ cuid, title }) => ({ cuid, title })))
        : [],
      may("memberships.memberships.read")
        ? adminGet<ListEnvelope<AdminMembershipView>>(
            args,
            "/api/admin/memberships?page_size=100",
          ).then((list) => list.data.map(({ cuid, title }) => ({ cuid, title })))
        : [],
      may("customers.custom_fields.read")
        ? adminGet<{ data: AdminCustomFieldView[] }>(args, "/api/admin/custom-fields").then(
            (list) =>
              list.data.flatMap(({ cuid, title, entity }) =>
                entity === "COLLABORATORS" ? [] : [{ cuid, title, entity }],
              ),
          )
        : [],
      loadTags(args, "customers"),
      loadTags(args, "participants"),
    ]);
  const tagChoices = (list: TagList | null) =>
    (list?.data ?? []).map(({ cuid, name }) => ({ cuid, title: name }));
  const tags = { customers: tagChoices(customerTags), participants: tagChoices(participantTags) };
  return { segment, activities, memberships, fields, tags };
}

export default function SegmentEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useConsole();
  const { segment, activities, memberships, fields, tags } = loaderData;
  const back = { to: SEGMENTS_PATH, label: t("admin.segments.back") };
  const readOnly =
    segment?.default === true ||
    !can(segment ? "segments.segments.update" : "segments.segments.create");
  return (
    <>
      <PageHeader
        title={segment?.name ?? t("admin.segments.new_title")}
        description={
          segment
            ? segment.default
              ? t("admin.segments.default_description")
              : t(`admin.segments.entity.${segment.entity}`)
            : undefined
        }
        back={back}
        actions={
          segment && !segment.default && can("segments.segments.delete") ? (
            <DeleteButton
              name={segment.name}
              title={t("admin.segments.delete.title")}
              description={t("admin.segments.delete.description")}
              done={t("admin.segments.delete.done")}
              remove={() => segmentsApi.remove(segment.cuid)}
              onDeleted={() => navigate(SEGMENTS_PATH)}
              showLabel
            />
          ) : null
        }
      />
      <SegmentForm
        key={segment?.cuid ?? "new"}
        segment={segment}
        activities={activities}
        memberships={memberships}
        fields={fields}
        tags={tags}
        readOnly={readOnly}
      />
    </>
  );
}
