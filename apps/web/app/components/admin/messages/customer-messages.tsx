import type { AdminMessageList } from "@booking/contracts";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { adminGet, type ConsoleLoaderArgs } from "../../../lib/admin/loaders";
import { withQuery } from "../../../lib/admin/paths";
import { readListPage } from "../../account/paging";
import { MailIcon } from "../../icons";
import { EmptyState } from "../empty-state";
import { MESSAGES_PATH, MessagesTable } from "./messages-table";

type CustomerMessagesPage = Awaited<ReturnType<typeof readCustomerMessages>>;

/** The customer's page of their messages (the URL's paging), for the customer page's loader. */
export function readCustomerMessages(args: ConsoleLoaderArgs, customerCuid: string) {
  return readListPage(args.request, (paging) =>
    adminGet<AdminMessageList>(
      args,
      withQuery("/api/admin/messages", { ...paging, customer: customerCuid }),
    ),
  );
}

/** The customer's messages tab: what was sent to them, newest first. */
export function CustomerMessages({
  customer,
  list,
}: {
  customer: string;
  list: CustomerMessagesPage;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <MessagesTable
        messages={list.data}
        paging={list.paging}
        withCustomer={false}
        empty={<EmptyState icon={MailIcon} title={t("admin.messages.customer_empty")} />}
      />
      <Link
        to={`${MESSAGES_PATH}?customer=${encodeURIComponent(customer)}`}
        className="self-start text-sm font-medium underline underline-offset-2"
      >
        {t("admin.messages.customer_all")}
      </Link>
    </div>
  );
}
