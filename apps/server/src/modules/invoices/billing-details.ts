import type { BillingDetailsView, billingDetailsBody } from "@booking/contracts";
import { customerBillingDetails, type TenantTx } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import {
  formatPeppolParticipantId,
  parseEuVatNumber,
  parsePeppolParticipantId,
  peppolParticipantId,
} from "@booking/domain";
import type { z } from "zod";
import { validationError } from "../../http/app-error.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";

// A customer's billing details (issue 16 §1): what their invoices are addressed to, from now on.

const EMPTY: BillingDetailsView = {
  company_name: "",
  street: "",
  postcode: "",
  city: "",
  country: "BE",
  vat_number: "",
  peppol_id: "",
};

/** GET /api/billing-details: empty fields while the customer gave none. */
export async function getBillingDetails(context: ServiceContext): Promise<BillingDetailsView> {
  const { customerId } = requireCustomer(context);
  const [row] = await context.db
    .select()
    .from(customerBillingDetails)
    .where(
      and(
        eq(customerBillingDetails.organiserId, context.organiser.id),
        eq(customerBillingDetails.customerId, customerId),
      ),
    );
  if (!row) return EMPTY;
  const { companyName, vatNumber, peppolId, street, postcode, city, country } = row;
  return {
    company_name: companyName,
    street,
    postcode,
    city,
    country,
    vat_number: vatNumber,
    peppol_id: peppolId,
  };
}

/**
 * PUT /api/billing-details: a VAT number must pass its check digits (400 `{vat_number:
 * INVALID_FORMAT}`); the Peppol id must parse, and is derived from the VAT number when empty.
 */
export async function saveBillingDetails(
  context: ServiceContext,
  input: z.output<typeof billingDetailsBody>,
): Promise<BillingDetailsView> {
  const { customerId } = requireCustomer(context);
  const vat = input.vat_number ? parseEuVatNumber(input.vat_number) : null;
  if (input.vat_number && !vat) throw validationError({ vat_number: "INVALID_FORMAT" });
  const typedPeppol = input.peppol_id ? parsePeppolParticipantId(input.peppol_id) : null;
  if (input.peppol_id && !typedPeppol) throw validationError({ peppol_id: "INVALID_FORMAT" });
  const peppol = typedPeppol ?? (vat ? peppolParticipantId(vat.value) : null);
  const saved: BillingDetailsView = {
    ...input,
    vat_number: vat?.value ?? "",
    peppol_id: peppol ? formatPeppolParticipantId(peppol) : "",
  };
  const values = {
    companyName: saved.company_name,
    street: saved.street,
    postcode: saved.postcode,
    city: saved.city,
    country: saved.country,
    vatNumber: saved.vat_number,
    peppolId: saved.peppol_id,
  };
  await context.db
    .insert(customerBillingDetails)
    .values({ organiserId: context.organiser.id, customerId, ...values })
    .onConflictDoUpdate({
      target: [customerBillingDetails.organiserId, customerBillingDetails.customerId],
      set: values,
    });
  return saved;
}

/** Account deletion erases the details; issued documents keep their own copy. */
export async function eraseBillingDetails(
  tx: TenantTx,
  organiserId: number,
  customerId: number,
): Promise<void> {
  await tx
    .delete(customerBillingDetails)
    .where(
      and(
        eq(customerBillingDetails.organiserId, organiserId),
        eq(customerBillingDetails.customerId, customerId),
      ),
    );
}
