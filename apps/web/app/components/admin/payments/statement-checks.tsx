import type { BankStatementView } from "@booking/contracts";
import type { StatusTone } from "@booking/domain";
import { clsx } from "clsx";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { AlertIcon, CheckIcon } from "../../icons";
import { StatusBadge } from "../status-badge";

type Balance = NonNullable<BankStatementView["opening_balance"]>;
type Check = NonNullable<BankStatementView["balance_check"]>;

const CHECK_TONES: Record<Check, StatusTone> = {
  BALANCED: "green",
  UNBALANCED: "red",
  NO_BALANCES: "grey",
};

/**
 * An amount the bank gave with more decimals than the currency, shown exactly ("12,345 €"):
 * `exact` is a signed decimal with a point, in `currency` (the organiser's by default).
 */
export function useExactMoney() {
  const { session } = useConsole();
  const format = useConsoleFormatters();
  const organiserCurrency = session.organiser?.currency ?? "EUR";
  return (exact: string, currency = organiserCurrency) => {
    const decimals = exact.split(".")[1]?.length ?? 0;
    return new Intl.NumberFormat(format.locale, {
      style: "currency",
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(Number(exact));
  };
}

/** The result of a statement's balance check as a badge (none for statements checked before it existed). */
export function BalanceCheckBadge({ statement }: { statement: BankStatementView }) {
  const { t } = useTranslation();
  if (statement.balance_check === null) return null;
  return (
    <StatusBadge tone={CHECK_TONES[statement.balance_check]} value={statement.balance_check}>
      {t(`admin.payments.statements.check_badges.${statement.balance_check}`)}
    </StatusBadge>
  );
}

/**
 * What the import found about one statement: whether opening + lines = closing, and each
 * warning with where it is in the file. Nothing for a statement imported before the checks.
 */
export function StatementChecks({ statement }: { statement: BankStatementView }) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const exactMoney = useExactMoney();
  const check = statement.balance_check;
  if (check === null && statement.warnings.length === 0) return null;
  const money = (balance: Balance | null) =>
    balance === null
      ? "—"
      : balance.exact_amount === null
        ? format.money(balance.amount)
        : exactMoney(balance.exact_amount);
  const unbalanced = check === "UNBALANCED";
  return (
    <section
      aria-label={t("admin.payments.statements.checks_title", {
        statement: statement.statement_key ?? statement.file_name,
      })}
      className={clsx(
        "flex flex-col gap-2 rounded-xl p-4 text-sm ring-1",
        unbalanced
          ? "bg-red-50 text-red-950 ring-red-200"
          : statement.warnings.length > 0
            ? "bg-amber-50 text-amber-950 ring-amber-200"
            : "bg-emerald-50 text-emerald-950 ring-emerald-200",
      )}
      data-testid="statement-checks"
    >
      {check === null ? null : (
        <p
          className={clsx("flex items-start gap-2", unbalanced && "font-semibold")}
          role={unbalanced ? "alert" : undefined}
          data-testid="balance-check"
        >
          {check === "BALANCED" ? (
            <CheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <AlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <span>
            {t(`admin.payments.statements.checks.${check}`, {
              opening: money(statement.opening_balance),
              closing: money(statement.closing_balance),
              difference:
                statement.balance_difference === null
                  ? ""
                  : exactMoney(statement.balance_difference),
            })}
          </span>
        </p>
      )}
      {statement.warnings.length > 0 ? (
        <ul className="flex flex-col gap-1.5" data-testid="statement-warnings">
          {statement.warnings.map((warning) => (
            <li
              key={`${warning.code} ${warning.where} ${warning.detail}`}
              className="flex items-start gap-2"
            >
              <AlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">
                <span className="font-medium">
                  {t(`admin.payments.statements.warning_codes.${warning.code}`, {
                    defaultValue: warning.code,
                  })}
                </span>{" "}
                <span className="font-mono text-xs">{warning.where}</span>
                <span className="block text-xs opacity-90">{warning.detail}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
