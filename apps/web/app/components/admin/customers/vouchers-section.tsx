import type { CustomerParticipantView, CustomerVoucherAdminView } from "@booking/contracts";
import type { StatusTone } from "@booking/domain";
import { useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { customerOwnedApi } from "../../../lib/admin/customer-owned-api";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { GiftIcon } from "../../icons";
import { Button } from "../../ui/button";
import { DataTable, type DataTableColumn } from "../data-table";
import { Modal, ModalActions } from "../dialog";
import { EmptyState } from "../empty-state";
import { SelectField } from "../fields";
import { StatusBadge } from "../status-badge";
import { OwnedRefundDialog } from "./owned-refund-dialog";

const STATE_TONES: Record<CustomerVoucherAdminView["state"], StatusTone> = {
  valid: "green",
  unpaid: "yellow",
  expired: "grey",
  redeemed: "blue",
  refunded: "red",
};

/**
 * The gift vouchers a customer bought (customers.vouchers.read), with their code and state;
 * a valid one can be redeemed for the customer (customers.vouchers.redeem) or, while nobody
 * redeemed it, refunded to their wallet (customers.vouchers.refund).
 */
export function VouchersSection({
  vouchers,
  participants,
}: {
  vouchers: readonly CustomerVoucherAdminView[];
  participants: readonly CustomerParticipantView[];
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const columns: DataTableColumn<CustomerVoucherAdminView>[] = [
    {
      id: "voucher",
      header: t("admin.customers.owned.vouchers.columns.voucher"),
      cell: (row) => (
        <span className="flex flex-col gap-1">
          <span className="font-medium text-slate-950">{row.title}</span>
          <span className="font-mono text-slate-700">{row.code}</span>
        </span>
      ),
    },
    {
      id: "state",
      header: t("admin.customers.owned.vouchers.columns.state"),
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge tone={STATE_TONES[row.state]}>
            {t(`admin.customers.owned.vouchers.states.${row.state}`)}
          </StatusBadge>
          {row.recipient ? (
            <span className="text-slate-600">
              {t("admin.customers.owned.vouchers.recipient", { name: row.recipient })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: "expires",
      header: t("admin.customers.owned.vouchers.columns.expires"),
      cell: (row) =>
        row.expires_at ? format.dateTime(row.expires_at) : t("admin.customers.owned.no_end"),
    },
    {
      id: "paid",
      header: t("admin.customers.owned.columns.paid"),
      align: "end",
      cell: (row) => (
        <span className="tabular-nums">
          {format.money(row.paid_amount)} / {format.money(row.total_amount)}
        </span>
      ),
    },
    {
      id: "actions",
      header: t("admin.customers.owned.columns.actions"),
      hideHeader: true,
      align: "end",
      cell: (row) => (
        <span className="flex flex-wrap justify-end gap-2">
          {row.state === "valid" && can("customers.vouchers.redeem") ? (
            <RedeemDialog voucher={row} participants={participants} />
          ) : null}
          {(row.state === "valid" || row.state === "unpaid" || row.state === "expired") &&
          can("customers.vouchers.refund") ? (
            <OwnedRefundDialog
              title={t("admin.customers.owned.vouchers.refund_title", { code: row.code })}
              paid={row.paid_amount}
              send={(body) => customerOwnedApi.refundVoucher(row.cuid, body)}
              testId="refund-voucher"
            />
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t("admin.customers.owned.vouchers.title")}
      testId="customer-vouchers"
      columns={columns}
      rows={vouchers}
      rowKey={(row) => row.cuid}
      empty={<EmptyState icon={GiftIcon} title={t("admin.customers.owned.vouchers.empty")} />}
    />
  );
}

/** Redeems the voucher for its buyer, for one of their participants when its bundle needs one. */
function RedeemDialog({
  voucher,
  participants,
}: {
  voucher: CustomerVoucherAdminView;
  participants: readonly CustomerParticipantView[];
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const [open, setOpen] = useState(false);
  const [participant, setParticipant] = useState("");
  const { mutate, pending } = useAdminMutation(
    () =>
      customerOwnedApi.redeemVoucher(voucher.cuid, {
        participant: participant === "" ? null : participant,
      }),
    { success: t("admin.customers.owned.vouchers.redeemed") },
  );
  const gives = voucher.bundle
    ? t("admin.customers.owned.vouchers.gives_bundle", { bundle: voucher.bundle })
    : t("admin.customers.owned.vouchers.gives_wallet", { amount: format.money(voucher.amount) });
  const missing = voucher.participant_required && participant === "";
  return (
    <Modal
      title={t("admin.customers.owned.vouchers.redeem_title", { code: voucher.code })}
      description={gives}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" data-testid="redeem-voucher">
          {t("admin.customers.owned.vouchers.redeem")}
        </Button>
      }
    >
      {voucher.participant_required ? (
        <SelectField
          name="participant"
          label={t("admin.customers.owned.vouchers.participant")}
          placeholder={t("forms.choose")}
          value={participant}
          onChange={(event) => setParticipant(event.target.value)}
          options={participants
            .filter((row) => !row.archived)
            .map((row) => ({ value: row.cuid, label: row.fullname }))}
        />
      ) : null}
      <ModalActions>
        <Button
          disabled={pending || missing}
          aria-busy={pending}
          data-testid="redeem-submit"
          onClick={async () => {
            if ((await mutate()).ok) setOpen(false);
          }}
        >
          {t("admin.customers.owned.vouchers.redeem")}
        </Button>
      </ModalActions>
    </Modal>
  );
}
