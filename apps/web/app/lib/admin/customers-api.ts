import type {
  AdminCreateParticipantBody,
  AdminParticipantBody,
  AdminParticipantDetail,
  CustomerBody,
  CustomerErasureBody,
  CustomerMergeResponse,
  CustomerNoteView,
  CustomerProfileView,
  DeleteParticipantResponse,
  WalletAdjustmentBody,
  walletAdjustmentResponse,
} from "@booking/contracts";
import type { z } from "zod";
import { apiRequest } from "../api";

/** The console's writes of customers and participants (issue 6 item 4), from the browser. */

const customer = (cuid: string) => `/api/admin/customers/${encodeURIComponent(cuid)}`;
const participant = (cuid: string) => `/api/admin/participants/${encodeURIComponent(cuid)}`;

export const customersApi = {
  create: (body: CustomerBody) =>
    apiRequest<CustomerProfileView>("POST", "/api/admin/customers", body),
  update: (cuid: string, body: CustomerBody) =>
    apiRequest<CustomerProfileView>("PUT", customer(cuid), body),
  adjustWallet: (cuid: string, body: WalletAdjustmentBody) =>
    apiRequest<z.infer<typeof walletAdjustmentResponse>>("POST", `${customer(cuid)}/wallet`, body),
  /** Everything of `source` moves to `target`, then `source` is deleted. */
  merge: (target: string, source: string) =>
    apiRequest<CustomerMergeResponse>("POST", `${customer(target)}/merge`, { source }),
  /** Erases the customer's personal data at their request (decision 0104). */
  erase: (cuid: string, body: CustomerErasureBody) =>
    apiRequest<CustomerProfileView>("DELETE", customer(cuid), body),
  /** Withdraws the newsletter consent (staff cannot give it). */
  unsubscribeNewsletter: (cuid: string) =>
    apiRequest<CustomerProfileView>("DELETE", `${customer(cuid)}/newsletter`),
  /** Answers the storefront link that opens the customer's account as them. */
  impersonate: (cuid: string) =>
    apiRequest<{ url: string }>("POST", `${customer(cuid)}/impersonate`, {}),

  addNote: (cuid: string, body: string) =>
    apiRequest<CustomerNoteView>("POST", `${customer(cuid)}/notes`, { body }),
  updateNote: (cuid: string, note: string, body: string) =>
    apiRequest<CustomerNoteView>("PUT", `${customer(cuid)}/notes/${encodeURIComponent(note)}`, {
      body,
    }),
  deleteNote: (cuid: string, note: string) =>
    apiRequest<{ ok: true }>("DELETE", `${customer(cuid)}/notes/${encodeURIComponent(note)}`),

  createParticipant: (body: AdminCreateParticipantBody) =>
    apiRequest<AdminParticipantDetail>("POST", "/api/admin/participants", body),
  updateParticipant: (cuid: string, body: AdminParticipantBody) =>
    apiRequest<AdminParticipantDetail>("PUT", participant(cuid), body),
  deleteParticipant: (cuid: string) =>
    apiRequest<DeleteParticipantResponse>("DELETE", participant(cuid)),
};
