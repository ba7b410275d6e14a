import { Outlet } from "react-router";
import { ExportMenu } from "../../../components/admin/export-menu";
import { PageHeader } from "../../../components/admin/page-header";
import { PaymentsTabs } from "../../../components/admin/payments/payments-tabs";
import { FileIcon } from "../../../components/icons";
import { ButtonLink } from "../../../components/ui/button";
import { useTranslation } from "../../../i18n/react";
import { Can } from "../../../lib/admin/console";

/** The payments pages: the money received, what is still owed, the bank statements and lines. */
export default function PaymentsLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t("admin.payments.title")}
        description={t("admin.payments.description")}
        actions={
          <>
            <ExportMenu kind="payments" />
            <Can permission="bank.statements.create">
              <ButtonLink to="/admin/payments/import" data-testid="import-statement">
                <FileIcon className="size-4" />
                {t("admin.payments.import.open")}
              </ButtonLink>
            </Can>
          </>
        }
      />
      <PaymentsTabs />
      <Outlet />
    </>
  );
}
