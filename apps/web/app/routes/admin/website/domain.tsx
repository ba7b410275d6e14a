import {
  type DnsRecordView,
  type WebsiteDomainView,
  websiteDomainBody,
} from "@booking/contracts/admin/website-domain";
import type { StatusTone } from "@booking/domain";
import { parseOwnDomain } from "@booking/domain/own-domain";
import { ConfirmDialog } from "../../../components/admin/dialog";
import { FormPanel } from "../../../components/admin/form-panel";
import { StatusBadge } from "../../../components/admin/status-badge";
import { Button, SubmitButton } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminForm } from "../../../lib/admin/form";
import { adminGet, requirePermission } from "../../../lib/admin/loaders";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { apiRequest } from "../../../lib/api";
import { toastSuccess } from "../../../lib/toast";
import type { Route } from "./+types/domain";

const DOMAIN_API = "/api/admin/website/domain";
const domainApi = {
  set: (body: { domain: string }) => apiRequest<WebsiteDomainView>("PUT", DOMAIN_API, body),
  verify: () => apiRequest<WebsiteDomainView>("POST", `${DOMAIN_API}/verify`),
  remove: () => apiRequest<void>("DELETE", DOMAIN_API),
};

type Claim = NonNullable<WebsiteDomainView["domain"]>;

const STATUS_TONES: Record<Claim["status"], StatusTone> = {
  PENDING: "yellow",
  VERIFIED: "green",
  FAILING: "red",
};

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "website.website.read");
  return { view: await adminGet<WebsiteDomainView>(args, DOMAIN_API) };
}

/**
 * The website's own domain (decision 0044): enter it, create the DNS records shown, verify, and
 * see the state of the last check; the storefront answers on the domain once verified.
 */
export default function WebsiteDomain({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const { can } = useConsole();
  const editable = can("website.website.update");
  return (
    <div className="flex flex-col gap-5" data-testid="website-domain">
      {view.domain ? <DomainState claim={view.domain} editable={editable} /> : null}
      {view.domain ? <DnsRecords claim={view.domain} platformHost={view.platform_host} /> : null}
      <DomainForm key={view.domain?.name ?? ""} view={view} editable={editable} />
    </div>
  );
}

/**
 * The contract's body, with the host name rules checked in the browser too (the server checks
 * them again): the platform's domain is the part of the organiser's platform host after its slug.
 */
function domainFormSchema(platformHost: string) {
  const platformDomain = platformHost.slice(platformHost.indexOf(".") + 1);
  return websiteDomainBody.superRefine((body, context) => {
    const parsed = parseOwnDomain(body.domain, platformDomain);
    if (!parsed.ok) context.addIssue({ code: "custom", path: ["domain"], message: parsed.error });
  });
}

function DomainForm({ view, editable }: { view: WebsiteDomainView; editable: boolean }) {
  const { t } = useTranslation();
  const { field, onSubmit, pending } = useAdminForm({
    schema: domainFormSchema(view.platform_host),
    defaultValues: { domain: view.domain?.name ?? "" },
    send: domainApi.set,
    success: t("admin.website.domain.saved"),
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate data-testid="domain-form">
      <FormPanel
        title={t(view.domain ? "admin.website.domain.change" : "admin.website.domain.title")}
        description={t("admin.website.domain.intro", { host: view.platform_host })}
      >
        <fieldset disabled={!editable} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <TextField
              label={t("admin.website.domain.name")}
              placeholder="www.example.be"
              autoComplete="off"
              spellCheck={false}
              hint={t("admin.website.domain.name_hint")}
              {...field("domain")}
            />
          </div>
          {editable ? (
            <SubmitButton pending={pending} data-testid="domain-save" className="sm:mb-6">
              {t("admin.website.domain.save")}
            </SubmitButton>
          ) : null}
        </fieldset>
      </FormPanel>
    </form>
  );
}

function DomainState({ claim, editable }: { claim: Claim; editable: boolean }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const verify = useAdminMutation(domainApi.verify, {
    success: (view) => t(`admin.website.domain.checked.${view.domain?.status ?? "PENDING"}`),
  });
  const remove = useAdminMutation(domainApi.remove, {
    success: t("admin.website.domain.removed"),
  });
  return (
    <FormPanel
      title={claim.name}
      testId="domain-state"
      actions={
        editable ? (
          <>
            <Button
              onClick={() => void verify.mutate()}
              disabled={verify.pending}
              aria-busy={verify.pending}
              data-testid="domain-verify"
            >
              {t("admin.website.domain.verify")}
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="secondary" data-testid="domain-remove">
                  {t("admin.website.domain.remove")}
                </Button>
              }
              title={t("admin.website.domain.remove_title", { domain: claim.name })}
              description={t("admin.website.domain.remove_description")}
              confirmLabel={t("admin.website.domain.remove")}
              onConfirm={async () => (await remove.mutate()).ok}
            />
          </>
        ) : null
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge tone={STATUS_TONES[claim.status]} testId="domain-status">
          {t(`admin.website.domain.status.${claim.status}`)}
        </StatusBadge>
        <p className="text-sm text-slate-700">
          {claim.checked_at ? (
            <>
              {t("admin.website.domain.last_check")}{" "}
              <time dateTime={claim.checked_at}>{format.dateTime(claim.checked_at)}</time>
            </>
          ) : (
            t("admin.website.domain.never_checked")
          )}
        </p>
      </div>
      <p className="text-sm text-slate-700" data-testid="domain-explanation">
        {claim.check_error
          ? t(`admin.website.domain.reasons.${claim.check_error}`, {
              domain: claim.name,
              defaultValue: claim.check_error,
            })
          : t(`admin.website.domain.explain.${claim.status}`)}
      </p>
      {claim.url ? (
        <p className="text-sm">
          <a
            href={claim.url}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-accent-ink underline underline-offset-4"
            data-testid="domain-url"
          >
            {claim.url}
          </a>
        </p>
      ) : null}
    </FormPanel>
  );
}

function DnsRecords({ claim, platformHost }: { claim: Claim; platformHost: string }) {
  const { t } = useTranslation();
  return (
    <FormPanel
      title={t("admin.website.domain.records.title")}
      description={t("admin.website.domain.records.intro")}
      testId="domain-records"
    >
      <ul className="flex flex-col gap-3">
        {claim.records.map((record) => (
          <DnsRecordItem key={record.type} record={record} />
        ))}
      </ul>
      <p className="text-sm text-slate-600">
        {t("admin.website.domain.records.apex", { host: platformHost })}
      </p>
    </FormPanel>
  );
}

function DnsRecordItem({ record }: { record: DnsRecordView }) {
  const { t } = useTranslation();
  const copy = async (text: string) => {
    await navigator.clipboard.writeText(text);
    toastSuccess(t("admin.website.domain.records.copied"));
  };
  const row = (label: string, value: string, copyable = true) => (
    <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <dt className="w-20 shrink-0 text-xs font-semibold text-slate-600 uppercase">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center gap-2">
        <code className="min-w-0 flex-1 rounded bg-slate-100 px-2 py-1 text-sm break-all text-slate-900">
          {value}
        </code>
        {copyable ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void copy(value)}
            aria-label={t("admin.website.domain.records.copy", { what: label })}
          >
            {t("admin.website.domain.records.copy_short")}
          </Button>
        ) : null}
      </dd>
    </div>
  );
  return (
    <li
      className="rounded-lg border border-slate-200 p-3"
      data-testid={`domain-record-${record.type}`}
    >
      <p className="mb-2 text-sm font-semibold text-slate-950">
        {t(`admin.website.domain.records.${record.type}`)}
      </p>
      <dl className="flex flex-col gap-2">
        {row(t("admin.website.domain.records.type"), record.type, false)}
        {row(t("admin.website.domain.records.name"), record.name)}
        {row(t("admin.website.domain.records.value"), record.value)}
      </dl>
    </li>
  );
}
