import {
  activeCustomFieldsResponse,
  customerBody,
  customerCuidParams,
  customerDetail,
  customerErasureBody,
  customerList,
  customerListQuery,
  customerMergeBody,
  customerMergeResponse,
  customerNoteBody,
  customerNoteParams,
  customerNoteView,
  customerProfileView,
  okResponse,
  walletAdjustmentBody,
  walletAdjustmentResponse,
} from "@booking/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ConsoleDeps, inConsole } from "../../http/console-context.ts";
import type { ProofStore } from "../transaction-proofs/storage.ts";
import { customersConsole } from "./console-service.ts";
import { eraseCustomer } from "./erasure-service.ts";
import { mergeCustomers } from "./merge-service.ts";

/**
 * The console's customers (issue 6 item 4): list, detail, create and edit, the wallet by hand,
 * notes, the merge of a duplicate and the erasure at the family's request. Customer
 * impersonation is a collaborators route.
 */
export function registerCustomerConsoleRoutes(
  app: FastifyInstance,
  deps: ConsoleDeps & { proofStore: ProofStore },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["console: customers"];
  const params = customerCuidParams;

  api.get(
    "/api/admin/customers",
    {
      schema: { tags, querystring: customerListQuery, response: { 200: customerList } },
      config: { console: "customers.customers.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => customersConsole.list(context, request.query)),
  );
  api.post(
    "/api/admin/customers",
    {
      schema: { tags, body: customerBody, response: { 201: customerProfileView } },
      config: { console: "customers.customers.create" },
    },
    async (request, reply) => {
      const created = await inConsole(deps, request, (context) =>
        customersConsole.create(context, request.body),
      );
      return reply.status(201).send(created);
    },
  );
  api.get(
    "/api/admin/customers/custom-fields",
    {
      schema: { tags, response: { 200: activeCustomFieldsResponse } },
      config: { console: "session" },
    },
    (request) => inConsole(deps, request, customersConsole.activeCustomFields),
  );
  api.get(
    "/api/admin/customers/:cuid",
    {
      schema: { tags, params, response: { 200: customerDetail } },
      config: { console: "customers.customers.read" },
    },
    (request) =>
      inConsole(deps, request, (context) => customersConsole.detail(context, request.params.cuid)),
  );
  api.put(
    "/api/admin/customers/:cuid",
    {
      schema: { tags, params, body: customerBody, response: { 200: customerProfileView } },
      config: { console: "customers.customers.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customersConsole.update(context, request.params.cuid, request.body),
      ),
  );
  api.delete(
    "/api/admin/customers/:cuid",
    {
      schema: {
        tags,
        params,
        body: customerErasureBody.nullish(),
        response: { 200: customerProfileView },
      },
      config: { console: "customers.customers.delete" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        eraseCustomer(context, deps.proofStore, request.params.cuid, request.body ?? {}),
      ),
  );
  api.delete(
    "/api/admin/customers/:cuid/newsletter",
    {
      schema: { tags, params, response: { 200: customerProfileView } },
      config: { console: "newsletters.subscribers.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customersConsole.unsubscribeNewsletter(context, request.params.cuid),
      ),
  );
  api.post(
    "/api/admin/customers/:cuid/wallet",
    {
      schema: {
        tags,
        params,
        body: walletAdjustmentBody,
        response: { 200: walletAdjustmentResponse },
      },
      config: { console: "customers.wallet.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customersConsole.adjustWallet(context, request.params.cuid, request.body),
      ),
  );
  api.post(
    "/api/admin/customers/:cuid/merge",
    {
      schema: { tags, params, body: customerMergeBody, response: { 200: customerMergeResponse } },
      config: { console: "customers.merge.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        mergeCustomers(context, request.params.cuid, request.body.source),
      ),
  );

  api.post(
    "/api/admin/customers/:cuid/notes",
    {
      schema: { tags, params, body: customerNoteBody, response: { 201: customerNoteView } },
      config: { console: "customers.notes.create" },
    },
    async (request, reply) => {
      const note = await inConsole(deps, request, (context) =>
        customersConsole.addNote(context, request.params.cuid, request.body.body),
      );
      return reply.status(201).send(note);
    },
  );
  api.put(
    "/api/admin/customers/:cuid/notes/:note",
    {
      schema: {
        tags,
        params: customerNoteParams,
        body: customerNoteBody,
        response: { 200: customerNoteView },
      },
      config: { console: "customers.notes.update" },
    },
    (request) =>
      inConsole(deps, request, (context) =>
        customersConsole.updateNote(
          context,
          request.params.cuid,
          request.params.note,
          request.body.body,
        ),
      ),
  );
  api.delete(
    "/api/admin/customers/:cuid/notes/:note",
    {
      schema: { tags, params: customerNoteParams, response: { 200: okResponse } },
      config: { console: "customers.notes.delete" },
    },
    async (request) => {
      await inConsole(deps, request, (context) =>
        customersConsole.deleteNote(context, request.params.cuid, request.params.note),
      );
      return { ok: true as const };
    },
  );
}
