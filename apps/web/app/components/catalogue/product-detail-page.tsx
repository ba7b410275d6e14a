import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/react";
import { ProductForm, type ProductFormData } from "../cart/product-form";
import {
  Breadcrumb,
  DetailPage,
  DetailTitle,
  type Fact,
  Facts,
  LoginPrompt,
  PurchasePanel,
} from "./detail";

// Apart from the pieces of detail.tsx: the add form (react-hook-form, zod) is downloaded only by
// the pages that sell something, not by every card that shows a badge.
/**
 * The page of something sold as is (bundle, membership, voucher): breadcrumb, title, price (and
 * other facts), then the purchase panel for a customer or the login prompt for a visitor. Test ids
 * are `<kind>-title` and `<kind>-price`.
 */
export function ProductDetailPage({
  kind,
  title,
  price,
  breadcrumb,
  customer,
  contacts,
  purchase,
  intro,
  facts = [],
  children,
}: {
  kind: "bundle" | "membership" | "voucher";
  title: string;
  price: string;
  breadcrumb: { organiser: string; catalogue: { path: string; title: string } | null };
  customer: unknown;
  contacts: { email: string | null; phone: string | null };
  /** the add form's data (null for a visitor) */
  purchase: ProductFormData | null;
  /** shown between the title and the facts */
  intro?: ReactNode;
  /** facts after the price */
  facts?: Array<Fact | null>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DetailPage
      breadcrumb={
        <Breadcrumb
          organiser={breadcrumb.organiser}
          catalogue={breadcrumb.catalogue}
          items={[{ label: title }]}
        />
      }
      header={
        <header className="flex flex-col gap-4">
          <DetailTitle testId={`${kind}-title`}>{title}</DetailTitle>
          {intro}
          <Facts
            items={[
              { key: "price", label: t("catalogue.price"), value: price, testId: `${kind}-price` },
              ...facts,
            ]}
          />
        </header>
      }
      side={
        customer ? (
          purchase ? (
            <ProductForm data={purchase} price={price} />
          ) : (
            <PurchasePanel price={price} contacts={contacts} />
          )
        ) : (
          <LoginPrompt />
        )
      }
    >
      {children}
    </DetailPage>
  );
}
