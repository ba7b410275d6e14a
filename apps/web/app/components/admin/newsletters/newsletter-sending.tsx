import type { NewsletterView } from "@booking/contracts";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { newslettersApi } from "../../../lib/admin/newsletters-api";
import { instantOfLocalInput } from "../../../lib/admin/zoned-input";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { ConfirmDialog } from "../dialog";
import { FormPanel } from "../form-panel";

/** What became of the newsletter's mails, from the delivery log. */
export function NewsletterDeliveryCounts({ newsletter }: { newsletter: NewsletterView }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const rows: [string, string | number][] = [
    [t("admin.newsletters.detail.segment"), newsletter.segment.name],
    [t("admin.newsletters.detail.recipients"), newsletter.recipients_count],
    [t("admin.newsletters.detail.sent"), newsletter.delivery.sent],
    [t("admin.newsletters.detail.queued"), newsletter.delivery.queued],
    [t("admin.newsletters.detail.failed"), newsletter.delivery.failed],
    [t("admin.newsletters.detail.cancelled"), newsletter.delivery.cancelled],
  ];
  if (newsletter.scheduled_at) {
    rows.push([
      t("admin.newsletters.detail.scheduled_at"),
      format.dateTime(newsletter.scheduled_at),
    ]);
  }
  if (newsletter.sent_at) {
    rows.push([t("admin.newsletters.detail.sent_at"), format.dateTime(newsletter.sent_at)]);
  }
  return (
    <FormPanel title={t("admin.newsletters.detail.delivery")}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm" data-testid="newsletter-delivery">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-950">{value}</dd>
          </div>
        ))}
      </dl>
    </FormPanel>
  );
}

/**
 * Sending a newsletter: a test to oneself, now to the segment (after a confirmation), at a time
 * typed in the organiser's zone, or stopping one scheduled or on its way.
 */
export function NewsletterSending({ newsletter }: { newsletter: NewsletterView }) {
  const { t } = useTranslation();
  const { can, session } = useConsole();
  const timeZone = session.organiser?.timezone ?? "Europe/Brussels";
  const [at, setAt] = useState("");
  const [atError, setAtError] = useState<string | undefined>();
  const test = useAdminMutation(() => newslettersApi.test(newsletter.cuid), {
    success: t("admin.newsletters.sending.test_sent", { email: session.collaborator.email }),
  });
  const send = useAdminMutation(
    (when: string | null) => newslettersApi.send(newsletter.cuid, when),
    {
      success: (sent) =>
        t(
          sent.status === "SCHEDULED"
            ? "admin.newsletters.sending.scheduled"
            : "admin.newsletters.sending.started",
        ),
    },
  );
  const cancel = useAdminMutation(() => newslettersApi.cancel(newsletter.cuid), {
    success: t("admin.newsletters.sending.cancelled"),
  });
  const editable = newsletter.status === "DRAFT" || newsletter.status === "SCHEDULED";
  const stoppable = newsletter.status === "SCHEDULED" || newsletter.status === "SENDING";
  const mayUpdate = can("newsletters.newsletters.update");

  return (
    <FormPanel title={t("admin.newsletters.sending.title")}>
      <div className="flex flex-col gap-4">
        <Button
          variant="secondary"
          onClick={() => void test.mutate()}
          disabled={test.pending}
          data-testid="newsletter-test"
        >
          {t("admin.newsletters.sending.test")}
        </Button>
        {editable && mayUpdate ? (
          <>
            <ConfirmDialog
              trigger={
                <Button data-testid="newsletter-send-now">
                  {t("admin.newsletters.sending.now")}
                </Button>
              }
              title={t("admin.newsletters.sending.confirm_title")}
              description={t("admin.newsletters.sending.confirm", {
                segment: newsletter.segment.name,
              })}
              confirmLabel={t("admin.newsletters.sending.now")}
              tone="primary"
              onConfirm={async () => (await send.mutate(null)).ok}
            />
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <TextField
                label={t("admin.newsletters.sending.at")}
                type="datetime-local"
                name="at"
                value={at}
                error={atError}
                onChange={(event) => setAt(event.target.value)}
                data-testid="newsletter-at"
                className="flex-1"
              />
              <Button
                variant="secondary"
                disabled={send.pending}
                data-testid="newsletter-schedule"
                onClick={() => {
                  const instant = instantOfLocalInput(at, timeZone);
                  setAtError(instant ? undefined : "INVALID_DATE");
                  if (instant) void send.mutate(instant);
                }}
              >
                {t("admin.newsletters.sending.schedule")}
              </Button>
            </div>
          </>
        ) : null}
        {stoppable && mayUpdate ? (
          <ConfirmDialog
            trigger={
              <Button variant="danger" data-testid="newsletter-cancel">
                {t("admin.newsletters.sending.cancel")}
              </Button>
            }
            title={t("admin.newsletters.sending.cancel")}
            description={t("admin.newsletters.sending.cancel_confirm")}
            confirmLabel={t("admin.newsletters.sending.cancel")}
            onConfirm={async () => (await cancel.mutate()).ok}
          />
        ) : null}
      </div>
    </FormPanel>
  );
}
