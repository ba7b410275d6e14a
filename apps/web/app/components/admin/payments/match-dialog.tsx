import type { BankStatementLineView, LineCartList, MatchLineBody } from "@booking/contracts";
import { clsx } from "clsx";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { paymentsApi } from "../../../lib/admin/payments-api";
import { ApiRequestError } from "../../../lib/api";
import { toastFormError, translateErrorCode } from "../../../lib/toast";
import { SearchIcon } from "../../icons";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { Spinner } from "../../ui/spinner";
import { Modal } from "../dialog";

const SEARCH_DELAY_MS = 250;

/** One cart or attendance charge the line may pay: what it is, who owes it, and how much. */
function Candidate({
  line,
  reference,
  label,
  detail,
  amountDue,
  pending,
  onChoose,
}: {
  line: BankStatementLineView;
  reference: string;
  label: string;
  detail: string;
  amountDue: number;
  pending: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const exact = amountDue === line.amount;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-mono text-sm text-slate-950">{label}</p>
        <p className="text-sm text-slate-600">{detail}</p>
      </div>
      <div className="flex items-center gap-3">
        <span
          className={clsx(
            "text-sm tabular-nums",
            exact ? "font-semibold text-emerald-800" : "text-slate-700",
          )}
        >
          {t("admin.payments.lines.owes", { amount: format.money(amountDue) })}
        </span>
        <Button
          size="sm"
          variant={exact ? "primary" : "secondary"}
          disabled={pending}
          onClick={onChoose}
          data-testid="match-choose"
        >
          {t("admin.payments.lines.choose")}
          <span className="sr-only">{reference}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * Matches an unmatched line by hand to a cart or an attendance charge (decision 0067): a search
 * over those owing money (reference, customer name or e-mail), those owing exactly the line's
 * amount first. Choosing one credits it.
 */
export function MatchDialog({ line }: { line: BankStatementLineView }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [carts, setCarts] = useState<LineCartList | null>(null);
  const match = useAdminMutation(
    (target: MatchLineBody) => paymentsApi.matchLine(line.cuid, target),
    {
      success: (value) =>
        t("admin.payments.lines.matched", { reference: value.transfer?.target.reference ?? "" }),
    },
  );

  const choose = async (target: MatchLineBody) => {
    const outcome = await match.mutate(target);
    if (outcome.ok) setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(() => {
      paymentsApi
        .lineCarts(line.cuid, query.trim())
        .then((answer) => {
          if (current) setCarts(answer);
        })
        .catch((error: unknown) => {
          if (!current) return;
          setCarts({ data: [], attendance_charges: [], booking_participations: [] });
          toastFormError(
            translateErrorCode(t, error instanceof ApiRequestError ? error.code : "UNKNOWN_ERROR"),
          );
        });
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, query, line.cuid, t]);

  return (
    <Modal
      wide
      title={t("admin.payments.lines.match_title")}
      description={t("admin.payments.lines.match_description", {
        amount: format.money(line.amount),
        who: line.counterparty_name ?? t("admin.payments.lines.unknown_payer"),
      })}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setQuery("");
          setCarts(null);
        }
      }}
      trigger={
        <Button variant="secondary" size="sm" data-testid="match-line">
          {t("admin.payments.lines.match")}
        </Button>
      }
    >
      <div className="relative">
        <label htmlFor={id} className="sr-only">
          {t("admin.payments.lines.search_carts")}
        </label>
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("admin.payments.lines.search_carts")}
          className={`${inputClasses(false)} py-2 pl-9 text-sm`}
          data-testid="match-search"
        />
      </div>
      {carts === null ? (
        <p className="flex items-center gap-2 py-6 text-sm text-slate-600">
          <Spinner /> {t("common.loading")}
        </p>
      ) : carts.data.length +
          carts.attendance_charges.length +
          carts.booking_participations.length ===
        0 ? (
        <p className="py-6 text-sm text-slate-600">{t("admin.payments.lines.no_carts")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" data-testid="match-carts">
          {carts.data.map((cart) => (
            <Candidate
              key={cart.cuid}
              line={line}
              reference={cart.reference}
              label={cart.reference}
              detail={`${cart.customer.firstname} ${cart.customer.lastname} · ${format.date(cart.processed_at)}`}
              amountDue={cart.amount_due}
              pending={match.pending}
              onChoose={() => choose({ cart: cart.cuid })}
            />
          ))}
          {carts.attendance_charges.map((charge) => (
            <Candidate
              key={charge.cuid}
              line={line}
              reference={charge.reference}
              label={t("admin.payments.lines.target.ATTENDANCE_CHARGE", {
                reference: charge.reference,
              })}
              detail={`${charge.customer.firstname} ${charge.customer.lastname} · ${format.date(charge.created_at)}`}
              amountDue={charge.amount_due}
              pending={match.pending}
              onChoose={() => choose({ attendance_charge: charge.cuid })}
            />
          ))}
          {carts.booking_participations.map((share) => (
            <Candidate
              key={share.cuid}
              line={line}
              reference={share.reference}
              label={t("admin.payments.lines.target.BOOKING_PARTICIPATION", {
                reference: share.reference,
              })}
              detail={`${share.customer.firstname} ${share.customer.lastname} · ${format.date(share.created_at)}`}
              amountDue={share.amount_due}
              pending={match.pending}
              onChoose={() => choose({ booking_participation: share.cuid })}
            />
          ))}
        </ul>
      )}
    </Modal>
  );
}
