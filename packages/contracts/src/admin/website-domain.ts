import { z } from "zod";

/**
 * The organiser's own domain in the console (/api/admin/website/domain, `website.website.read|
 * update`; decision 0044). PUT enters or changes it (PENDING until verified), POST …/verify checks
 * its DNS records now, DELETE removes it. The host name rules (ASCII, two labels or more, outside
 * the platform's domain) are the server's, from @booking/domain/own-domain: `domain` field codes
 * REQUIRED, TOO_LONG, INVALID_DOMAIN, PLATFORM_DOMAIN.
 */
export const websiteDomainBody = z.object({
  domain: z.string("INVALID_TYPE").max(300, "TOO_LONG"),
});
export type WebsiteDomainBody = z.infer<typeof websiteDomainBody>;

export const DOMAIN_STATUSES = ["PENDING", "VERIFIED", "FAILING"] as const;

/** A DNS record the organiser creates at its DNS provider. */
const dnsRecord = z.object({
  type: z.enum(["TXT", "CNAME"]),
  /** the full name of the record */
  name: z.string(),
  value: z.string(),
});
export type DnsRecordView = z.infer<typeof dnsRecord>;

export const websiteDomainView = z.object({
  /** the organiser's `{slug}.{PLATFORM_DOMAIN}` host, which always serves its storefront */
  platform_host: z.string(),
  domain: z
    .object({
      name: z.string(),
      status: z.enum(DOMAIN_STATUSES),
      /** the TXT record proving control, then the CNAME sending visitors to the platform */
      records: z.array(dnsRecord),
      requested_at: z.string(),
      checked_at: z.string().nullable(),
      /** why the last check did not pass (DNS_TXT_MISSING, DNS_TXT_MISMATCH, …), or null */
      check_error: z.string().nullable(),
      /** the storefront's address on the domain, once verified */
      url: z.string().nullable(),
    })
    .nullable(),
});
export type WebsiteDomainView = z.infer<typeof websiteDomainView>;
