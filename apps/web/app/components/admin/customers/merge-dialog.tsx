import type { CustomerCounts, CustomerDetail, CustomerListItem } from "@booking/contracts";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { CUSTOMERS_PATH, customerPath } from "../../../lib/admin/customer-paths";
import { customersApi } from "../../../lib/admin/customers-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { withQuery } from "../../../lib/admin/paths";
import { SearchIcon, UsersIcon } from "../../icons";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { Spinner } from "../../ui/spinner";
import { Modal, ModalActions } from "../dialog";

type Person = Pick<CustomerListItem, "cuid" | "fullname" | "email" | "phone">;
type Moving = { counts: CustomerCounts; wallet_amount: number };

/** The kinds of records shown as moving, in this order (admin.customers.counts.*). */
const MOVING: ReadonlyArray<keyof CustomerCounts> = [
  "participants",
  "registrations",
  "registration_requests",
  "bookings",
  "carts",
  "payments",
  "bundles",
  "memberships",
  "vouchers",
  "waiting_list",
  "attendance_charges",
  "wallet_movements",
  "notes",
];

/**
 * Merges a duplicate into this customer (customers.merge.update): search the other record, see
 * what would move, choose which of the two stays, confirm. Everything of the one that goes moves
 * to the one kept, which is then shown (docs/decisions/0023-customer-merge.md).
 */
export function MergeDialog({
  customer,
  counts,
}: {
  customer: Person & { wallet_amount: number };
  counts: CustomerCounts;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const navigate = useNavigate();
  const searchId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [keepThis, setKeepThis] = useState(true);
  const found = useFetcher<{ data: CustomerListItem[] }>();
  const other = useFetcher<{ detail: CustomerDetail }>();
  const chosen = other.data?.detail ?? null;
  const merge = useAdminMutation((kept: string, gone: string) => customersApi.merge(kept, gone), {
    revalidate: false,
    success: t("admin.customers.merge.done"),
  });

  useEffect(() => {
    if (!open) {
      setQuery("");
      setKeepThis(true);
    }
  }, [open]);

  function search(event: FormEvent) {
    event.preventDefault();
    if (query.trim()) found.load(withQuery(CUSTOMERS_PATH, { q: query.trim(), page_size: 8 }));
  }

  const candidates = (found.data?.data ?? []).filter((row) => row.cuid !== customer.cuid);
  const chosenPerson: Person | null = chosen?.customer ?? null;
  const kept = keepThis ? customer : chosenPerson;
  const gone = keepThis ? chosenPerson : customer;
  // What moves is what the record that goes holds.
  const moving: Moving | null = keepThis
    ? chosen && { counts: chosen.counts, wallet_amount: chosen.customer.wallet_amount }
    : { counts, wallet_amount: customer.wallet_amount };

  async function confirm() {
    if (!kept || !gone) return;
    const outcome = await merge.mutate(kept.cuid, gone.cuid);
    if (!outcome.ok) return;
    setOpen(false);
    // This page's customer may be the one that went: show the one kept, freshly loaded.
    navigate(customerPath(kept.cuid), { replace: !keepThis });
  }

  return (
    <Modal
      wide
      title={t("admin.customers.merge.title")}
      description={t("admin.customers.merge.description", { name: customer.fullname })}
      open={open}
      onOpenChange={(next) => {
        if (!merge.pending) setOpen(next);
      }}
      trigger={
        <Button variant="secondary" data-testid="merge-customer">
          <UsersIcon className="size-4" />
          {t("admin.customers.merge.open")}
        </Button>
      }
    >
      <form onSubmit={search} className="flex gap-2">
        <label htmlFor={searchId} className="sr-only">
          {t("admin.customers.merge.search")}
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("admin.customers.merge.search")}
          className={`${inputClasses(false)} py-2 text-sm`}
          data-testid="merge-search"
        />
        <Button type="submit" variant="secondary" disabled={found.state !== "idle"}>
          {found.state !== "idle" ? <Spinner /> : <SearchIcon className="size-4" />}
          <span className="sr-only sm:not-sr-only">{t("admin.table.search")}</span>
        </Button>
      </form>

      {found.data ? (
        candidates.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t("admin.customers.merge.none")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {candidates.map((row) => (
              <li key={row.cuid} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-950">{row.fullname}</p>
                  <p className="break-all text-slate-600">
                    {row.email} · {row.phone}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant={chosen?.customer.cuid === row.cuid ? "primary" : "secondary"}
                  onClick={() => other.load(customerPath(row.cuid))}
                  aria-pressed={chosen?.customer.cuid === row.cuid}
                  data-testid="merge-choose"
                >
                  {t("admin.customers.merge.choose")}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}

      {chosenPerson && kept && gone ? (
        <section
          className="mt-5 flex flex-col gap-4 rounded-lg bg-slate-50 p-4"
          aria-live="polite"
          data-testid="merge-preview"
        >
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-900">
              {t("admin.customers.merge.keep")}
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {[customer, chosenPerson].map((person, index) => (
                <label
                  key={person.cuid}
                  className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 bg-white p-3 text-sm"
                >
                  <input
                    type="radio"
                    name="kept"
                    checked={keepThis === (index === 0)}
                    onChange={() => setKeepThis(index === 0)}
                    className="mt-0.5 size-4 accent-[var(--accent-ink)]"
                  />
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-950">{person.fullname}</span>
                    <span className="block break-all text-slate-600">{person.email}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="text-sm text-slate-800">
            <p className="font-medium">
              {t("admin.customers.merge.moves", { gone: gone.fullname, kept: kept.fullname })}
            </p>
            {moving ? (
              <ul className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
                {MOVING.filter((kind) => moving.counts[kind] > 0).map((kind) => (
                  <li key={kind} className="flex justify-between gap-3">
                    <span>{t(`admin.customers.counts.${kind}`)}</span>
                    <span className="font-semibold tabular-nums">{moving.counts[kind]}</span>
                  </li>
                ))}
                <li className="flex justify-between gap-3">
                  <span>{t("admin.customers.counts.wallet")}</span>
                  <span className="font-semibold tabular-nums">
                    {format.money(moving.wallet_amount)}
                  </span>
                </li>
              </ul>
            ) : (
              <Spinner />
            )}
            <p className="mt-3 text-slate-600">{t("admin.customers.merge.rules")}</p>
          </div>
        </section>
      ) : null}

      <ModalActions>
        <Button
          variant="danger"
          onClick={confirm}
          disabled={!chosenPerson || !moving || merge.pending}
          aria-busy={merge.pending}
          data-testid="merge-confirm"
        >
          {merge.pending ? <Spinner /> : null}
          {gone
            ? t("admin.customers.merge.confirm", { name: gone.fullname })
            : t("admin.customers.merge.confirm_empty")}
        </Button>
      </ModalActions>
    </Modal>
  );
}
