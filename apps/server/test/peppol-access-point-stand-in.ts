import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type PeppolValidator,
  peppolValidator,
} from "../../../packages/domain/test/e-invoicing-validator.ts";

/**
 * A local stand-in of e-invoice.be's API (https://docs.e-invoice.be), the access point adapter's
 * counterpart: Bearer token (401 `{ detail }` otherwise);
 * `GET /api/validate/peppol-id?peppol_id=` → `{ valid, peppol_id, registered }`;
 * `POST /api/documents/ubl` (multipart, `file`) validates the UBL with the official Peppol rules
 * like the real one (422 `{ detail }` when a rule fails) → `{ id, state: "DRAFT" }`;
 * `POST /api/documents/{id}/send` → TRANSIT from DRAFT or FAILED (400 otherwise);
 * `GET /api/documents/{id}` → `{ id, state }`. Tests move documents on (`deliverAll`,
 * `failDocument`), queue errors (`failNext`) or lose an answer (`dropNextAnswerTo`).
 */

export interface StoredDocument {
  id: string;
  ubl: string;
  state: "DRAFT" | "TRANSIT" | "SENT" | "FAILED";
  /** how many times it was sent */
  sends: number;
}

export interface AccessPointStandIn {
  url: string;
  token: string;
  documents: StoredDocument[];
  /** requests received, as "METHOD path" */
  requests: string[];
  /** participant ids (scheme:id) registered on Peppol */
  registered: Set<string>;
  failNext(status: number, detail: string): void;
  /** the next request whose path ends with `suffix` is carried out, its answer lost */
  dropNextAnswerTo(suffix: string): void;
  deliverAll(): void;
  failDocument(id: string): void;
  close(): Promise<void>;
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

async function uploadedFile(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const form = await new Response(Buffer.concat(chunks), {
    headers: { "content-type": request.headers["content-type"] ?? "" },
  })
    .formData()
    .catch(() => null);
  const file = form?.get("file");
  return file instanceof Blob ? file.text() : null;
}

type Route = (request: IncomingMessage, url: URL) => Promise<[number, unknown]>;

function routes(standIn: AccessPointStandIn, validator: PeppolValidator): Route {
  const find = (id: string) => standIn.documents.find((document) => document.id === id);
  return async (request, url) => {
    const path = url.pathname;
    if (request.method === "GET" && path === "/api/validate/peppol-id") {
      const id = url.searchParams.get("peppol_id") ?? "";
      const registered = standIn.registered.has(id);
      return [200, { valid: registered, peppol_id: id, registered }];
    }
    if (request.method === "POST" && path === "/api/documents/ubl") {
      const ubl = await uploadedFile(request);
      if (ubl === null) return [422, { detail: "Field required: body.file" }];
      const fatal = validator.validateRules(ubl).fatal;
      if (fatal.length > 0) return [422, { detail: fatal.map((finding) => finding.id).join(", ") }];
      const document: StoredDocument = { id: randomUUID(), ubl, state: "DRAFT", sends: 0 };
      standIn.documents.push(document);
      return [200, { id: document.id, state: document.state }];
    }
    const match = /^\/api\/documents\/([^/]+)(\/send)?$/.exec(path);
    const document = match ? find(decodeURIComponent(match[1] ?? "")) : undefined;
    if (!match || !document) return [404, { detail: "Not found" }];
    if (request.method === "POST" && match[2]) {
      if (document.state !== "DRAFT" && document.state !== "FAILED") {
        return [400, { detail: `Document is ${document.state}, it cannot be sent` }];
      }
      document.state = "TRANSIT";
      document.sends += 1;
    }
    return [200, { id: document.id, state: document.state }];
  };
}

export async function startAccessPointStandIn(): Promise<AccessPointStandIn> {
  const validator = await peppolValidator();
  const failures: { status: number; detail: string }[] = [];
  let dropAnswerTo: string | null = null;
  const standIn: AccessPointStandIn = {
    url: "",
    token: randomUUID(),
    documents: [],
    requests: [],
    registered: new Set(),
    failNext: (status, detail) => failures.push({ status, detail }),
    dropNextAnswerTo: (suffix) => {
      dropAnswerTo = suffix;
    },
    deliverAll() {
      for (const document of standIn.documents) {
        if (document.state === "TRANSIT") document.state = "SENT";
      }
    },
    failDocument(id) {
      const document = standIn.documents.find((entry) => entry.id === id);
      if (document) document.state = "FAILED";
    },
    close: async () => {},
  };
  const route = routes(standIn, validator);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    standIn.requests.push(`${request.method} ${url.pathname}`);
    if (request.headers.authorization !== `Bearer ${standIn.token}`) {
      answer(response, 401, { detail: "Invalid API key" });
      return;
    }
    const failure = failures.shift();
    if (failure) {
      answer(response, failure.status, { detail: failure.detail });
      return;
    }
    route(request, url).then(([status, body]) => {
      if (dropAnswerTo !== null && url.pathname.endsWith(dropAnswerTo)) {
        dropAnswerTo = null;
        request.socket.destroy();
        return;
      }
      answer(response, status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
