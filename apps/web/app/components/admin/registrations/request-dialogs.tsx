import type { AdminRequestDetail } from "@booking/contracts";
import { useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { registrationRequestsApi } from "../../../lib/admin/registration-requests-api";
import { ApiRequestError } from "../../../lib/api";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";
import { minorUnits } from "./amount";
import { PlacesLeft } from "./request-columns";

/**
 * Approving a request: the sessions to register among those requested (the tier's count in
 * preference order by default) and, optionally, the price of the whole request. A session full
 * meanwhile is named under the form.
 */
export function ApproveDialog({ request }: { request: AdminRequestDetail }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>(request.default_availabilities);
  const [price, setPrice] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const total = price.trim() === "" ? null : minorUnits(price);
  const priceInvalid = price.trim() !== "" && total === null;
  const { mutate, pending } = useAdminMutation(
    () =>
      registrationRequestsApi.approve(request.cuid, {
        // In the customer's order of preference, whatever the order of the clicks.
        availabilities: request.availabilities
          .map((session) => session.cuid)
          .filter((cuid) => chosen.includes(cuid)),
        total_amount: total,
      }),
    { success: t("admin.registration_requests.approve.done") },
  );

  return (
    <Modal
      wide
      title={t("admin.registration_requests.approve.title")}
      description={t("admin.registration_requests.approve.description")}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button data-testid="approve-request">
          {t("admin.registration_requests.approve.open")}
        </Button>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={async (event) => {
          event.preventDefault();
          setRefusal(null);
          const outcome = await mutate();
          if (outcome.ok) {
            setOpen(false);
            return;
          }
          const { error } = outcome;
          const session = request.availabilities.find(
            (entry) =>
              error instanceof ApiRequestError && entry.cuid === error.details.availability,
          );
          if (session && error instanceof ApiRequestError) {
            const date = format.dateRange(session.start_at, session.end_at);
            setRefusal(
              t(
                error.code === "AVAILABILITY_FULL"
                  ? "admin.registration_requests.approve.full"
                  : "admin.registration_requests.approve.not_selectable",
                { date },
              ),
            );
          }
        }}
      >
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {t("admin.registration_requests.approve.sessions")}
          </legend>
          {request.availabilities.map((session) => (
            <label
              key={session.cuid}
              className="flex min-h-11 items-start gap-3 py-1 text-sm"
              data-full={session.free_places === 0}
              data-testid="approve-session-row"
            >
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0"
                checked={chosen.includes(session.cuid)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked
                      ? [...current, session.cuid]
                      : current.filter((cuid) => cuid !== session.cuid),
                  )
                }
                data-testid="approve-session"
              />
              <span className="flex flex-col">
                <span className="font-medium text-slate-950">
                  {session.preference}. {format.dateRange(session.start_at, session.end_at)}
                </span>
                <span className="text-xs">
                  <PlacesLeft free={session.free_places} />
                </span>
              </span>
            </label>
          ))}
          {chosen.length === 0 ? (
            <p className="text-sm text-red-700">
              {t("admin.registration_requests.approve.choose_one")}
            </p>
          ) : null}
        </fieldset>
        <label
          htmlFor={`${ids}-price`}
          className="flex flex-col gap-1 text-sm font-medium text-slate-800"
        >
          {t("admin.registration_requests.approve.price")}
          <input
            id={`${ids}-price`}
            inputMode="decimal"
            value={price}
            placeholder={
              request.total_amount > 0 ? (request.total_amount / 100).toFixed(2) : undefined
            }
            onChange={(event) => setPrice(event.target.value)}
            className={inputClasses(priceInvalid)}
            aria-invalid={priceInvalid}
            aria-describedby={`${ids}-price-hint`}
            data-testid="approve-price"
          />
          <span id={`${ids}-price-hint`} className="text-xs font-normal text-slate-600">
            {t("admin.registration_requests.approve.price_hint")}
          </span>
        </label>
        {refusal ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
          >
            {refusal}
          </p>
        ) : null}
        <ModalActions>
          <Button
            type="submit"
            disabled={pending || chosen.length === 0 || priceInvalid}
            aria-busy={pending}
            data-testid="confirm-approve"
          >
            {t("admin.registration_requests.approve.submit")}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

/** Rejecting a request with a message the family receives by e-mail. */
export function RejectDialog({ request }: { request: AdminRequestDetail }) {
  const { t } = useTranslation();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const { mutate, pending } = useAdminMutation(
    () => registrationRequestsApi.reject(request.cuid, { message }),
    { success: t("admin.registration_requests.reject.done") },
  );
  return (
    <Modal
      title={t("admin.registration_requests.reject.title")}
      description={t("admin.registration_requests.reject.description")}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="danger" data-testid="reject-request">
          {t("admin.registration_requests.reject.open")}
        </Button>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={async (event) => {
          event.preventDefault();
          if ((await mutate()).ok) setOpen(false);
        }}
      >
        <label
          htmlFor={`${ids}-message`}
          className="flex flex-col gap-1 text-sm font-medium text-slate-800"
        >
          {t("admin.registration_requests.reject.message")}
          <textarea
            id={`${ids}-message`}
            rows={4}
            maxLength={5000}
            required
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            className={inputClasses(false)}
            data-testid="reject-message"
          />
        </label>
        <ModalActions>
          <Button
            type="submit"
            variant="danger"
            disabled={pending || message.trim() === ""}
            aria-busy={pending}
            data-testid="confirm-reject"
          >
            {t("admin.registration_requests.reject.submit")}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
