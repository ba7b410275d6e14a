import { createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";
import dnsPacket, { type Answer } from "dns-packet";
import { createDnsResolver, type DnsResolver } from "../src/modules/website/domain-dns.ts";

/** The records of one name; a name in `failing` answers SERVFAIL whatever it holds. */
export interface ZoneRecords {
  TXT?: string[][];
  CNAME?: string;
  A?: string[];
  AAAA?: string[];
}

/**
 * A DNS server on a loopback UDP port, speaking real DNS (dns-packet), whose zone a test edits:
 * the app's resolver asks it as it would ask any server. Names it does not hold answer
 * NXDOMAIN, names without the asked type an empty NOERROR, names in `failing` SERVFAIL; an A or
 * AAAA question on a CNAME answers the CNAME and its target's addresses, as recursive servers do.
 */
export interface DnsStandIn {
  zone: Map<string, ZoneRecords>;
  failing: Set<string>;
  resolver: DnsResolver;
  close(): Promise<void>;
}

function answersFor(zone: Map<string, ZoneRecords>, name: string, type: string): Answer[] {
  const records = zone.get(name.toLowerCase());
  if (!records) return [];
  const base = { name, ttl: 60, class: "IN" as const };
  if (type === "TXT") {
    return (records.TXT ?? []).map((chunks) => ({ ...base, type: "TXT" as const, data: chunks }));
  }
  if (records.CNAME) {
    const cname: Answer = { ...base, type: "CNAME", data: records.CNAME };
    return type === "CNAME" ? [cname] : [cname, ...answersFor(zone, records.CNAME, type)];
  }
  if (type === "A" || type === "AAAA") {
    return (records[type] ?? []).map((address) => ({ ...base, type, data: address }) as Answer);
  }
  return [];
}

export async function startDnsStandIn(): Promise<DnsStandIn> {
  const zone = new Map<string, ZoneRecords>();
  const failing = new Set<string>();
  const socket = createSocket("udp4");
  socket.on("message", (message, remote) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    // The answer code sits in the flags' low bits: NOERROR 0, SERVFAIL 2, NXDOMAIN 3.
    const rcode = failing.has(name) ? 2 : zone.has(name) ? 0 : 3;
    const response = dnsPacket.encode({
      id: query.id,
      type: "response",
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode,
      questions: query.questions,
      answers: rcode === 0 ? answersFor(zone, question.name, question.type) : [],
    });
    socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    zone,
    failing,
    resolver: createDnsResolver([`127.0.0.1:${port}`]),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
