import type {
  BadgeListBody,
  BadgeListView,
  ParticipantBadgesView,
  TagAssignmentView,
  TagBody,
  TagKind,
  TagView,
} from "@booking/contracts";
import { apiRequest } from "../api";

/** The console's tag and badge calls from the browser (decision 0088); reads go through loaders. */
const tagPath = (kind: TagKind, cuid?: string) =>
  `/api/admin/tags/${kind}${cuid ? `/${encodeURIComponent(cuid)}` : ""}`;

export const tagsApi = {
  create: (kind: TagKind, body: TagBody) => apiRequest<TagView>("POST", tagPath(kind), body),
  update: (kind: TagKind, cuid: string, body: TagBody) =>
    apiRequest<TagView>("PUT", tagPath(kind, cuid), body),
  remove: (kind: TagKind, cuid: string) => apiRequest<{ ok: true }>("DELETE", tagPath(kind, cuid)),
  assign: (kind: TagKind, record: string, tags: string[]) =>
    apiRequest<TagAssignmentView>("PUT", `/api/admin/${kind}/${encodeURIComponent(record)}/tags`, {
      tags,
    }),
};

const badgeListPath = (cuid?: string) =>
  `/api/admin/badge-lists${cuid ? `/${encodeURIComponent(cuid)}` : ""}`;

export const badgesApi = {
  create: (body: BadgeListBody) => apiRequest<BadgeListView>("POST", badgeListPath(), body),
  update: (cuid: string, body: BadgeListBody) =>
    apiRequest<BadgeListView>("PUT", badgeListPath(cuid), body),
  remove: (cuid: string) => apiRequest<{ ok: true }>("DELETE", badgeListPath(cuid)),
  assign: (participant: string, badges: string[]) =>
    apiRequest<ParticipantBadgesView>(
      "PUT",
      `/api/admin/participants/${encodeURIComponent(participant)}/badges`,
      { badges },
    ),
};
