import { describe, expect, it } from "vitest";
import {
  domainStateAfterCheck,
  parseOwnDomain,
  pointsAtPlatform,
  txtHoldsToken,
  verificationRecordName,
} from "../src/own-domain.ts";

describe("parseOwnDomain", () => {
  const parse = (input: string) => parseOwnDomain(input, "booking.example");

  it("keeps a host name lower-cased, without scheme, trailing slash or dot", () => {
    expect(parse("  WWW.Stages-Nature.BE ")).toEqual({ ok: true, domain: "www.stages-nature.be" });
    expect(parse("https://stages.example.org/")).toEqual({
      ok: true,
      domain: "stages.example.org",
    });
    expect(parse("stages.example.org.")).toEqual({ ok: true, domain: "stages.example.org" });
  });

  it("converts an internationalised name to its ASCII form", () => {
    expect(parse("école.be")).toEqual({ ok: true, domain: "xn--cole-9oa.be" });
    expect(parse("shop.xn--cole-9oa.be")).toEqual({ ok: true, domain: "shop.xn--cole-9oa.be" });
  });

  it.each([
    "localhost",
    "example",
    "192.168.1.10",
    "[::1]",
    "example.org:8080",
    "example.org/path",
    "user@example.org",
    "exa mple.org",
    "-bad.example.org",
    "bad-.example.org",
    "a..example.org",
    "example.123",
    "under_score.example.org",
    `${"a".repeat(64)}.example.org`,
  ])("refuses %s", (input) => {
    expect(parse(input)).toEqual({ ok: false, error: "INVALID_DOMAIN" });
  });

  it("refuses empty and over-long input", () => {
    expect(parse("  ")).toEqual({ ok: false, error: "REQUIRED" });
    expect(parse(`${"a.".repeat(130)}be`)).toEqual({ ok: false, error: "TOO_LONG" });
  });

  it("refuses the platform's domain and its sub-domains, whatever the case", () => {
    expect(parse("booking.example")).toEqual({ ok: false, error: "PLATFORM_DOMAIN" });
    expect(parse("Demo.Booking.Example")).toEqual({ ok: false, error: "PLATFORM_DOMAIN" });
    expect(parse("notbooking.example")).toEqual({ ok: true, domain: "notbooking.example" });
  });
});

describe("DNS records", () => {
  it("names the TXT record under the domain", () => {
    expect(verificationRecordName("www.example.be")).toBe("_booking-verify.www.example.be");
  });

  it("finds the token in one of the TXT records, split in chunks or not", () => {
    expect(txtHoldsToken([["v=spf1 -all"], ["abc", "def"]], "abcdef")).toBe(true);
    expect(txtHoldsToken([["abcdeg"]], "abcdef")).toBe(false);
    expect(txtHoldsToken([], "abcdef")).toBe(false);
  });

  it("accepts a CNAME of the organiser's platform host, or only the platform's addresses", () => {
    const target = { name: "demo.booking.example", addresses: ["203.0.113.5", "2001:db8::5"] };
    expect(pointsAtPlatform({ cnames: ["Demo.Booking.Example."], addresses: [] }, target)).toBe(
      true,
    );
    expect(pointsAtPlatform({ cnames: [], addresses: ["203.0.113.5"] }, target)).toBe(true);
    expect(pointsAtPlatform({ cnames: ["other.example"], addresses: [] }, target)).toBe(false);
    expect(
      pointsAtPlatform({ cnames: [], addresses: ["203.0.113.5", "198.51.100.1"] }, target),
    ).toBe(false);
    expect(pointsAtPlatform({ cnames: [], addresses: [] }, target)).toBe(false);
  });
});

describe("domainStateAfterCheck", () => {
  it("verifies on a passing check from any state", () => {
    for (const status of ["PENDING", "VERIFIED", "FAILING"] as const) {
      expect(domainStateAfterCheck(status, { ok: true })).toEqual({
        status: "VERIFIED",
        error: null,
      });
    }
  });

  it("fails on wrong records, even a verified domain", () => {
    expect(domainStateAfterCheck("VERIFIED", { ok: false, error: "DNS_TXT_MISSING" })).toEqual({
      status: "FAILING",
      error: "DNS_TXT_MISSING",
    });
    expect(domainStateAfterCheck("PENDING", { ok: false, error: "DOMAIN_TAKEN" })).toEqual({
      status: "FAILING",
      error: "DOMAIN_TAKEN",
    });
  });

  it("keeps a verified domain on line when the DNS server does not answer", () => {
    expect(domainStateAfterCheck("VERIFIED", { ok: false, error: "DNS_LOOKUP_FAILED" })).toEqual({
      status: "VERIFIED",
      error: "DNS_LOOKUP_FAILED",
    });
    expect(domainStateAfterCheck("PENDING", { ok: false, error: "DNS_LOOKUP_FAILED" })).toEqual({
      status: "FAILING",
      error: "DNS_LOOKUP_FAILED",
    });
  });
});
