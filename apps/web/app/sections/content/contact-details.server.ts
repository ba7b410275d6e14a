import { defineLoader } from "../types";
import type { ContactData } from "./contact-details";

/** The organiser's contact details as its account settings hold them now. */
export const contactDetailsLoader = defineLoader(
  "block:contact-details",
  async ({ organiser }): Promise<ContactData> => ({
    name: organiser.name,
    email: organiser.contact_email,
    phone: organiser.contact_phone,
    address: organiser.address,
  }),
);
