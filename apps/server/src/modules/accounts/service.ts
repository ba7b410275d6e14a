import {
  type CustomDataEntry,
  type loginBody,
  PASSWORD_RESET_TOKEN_TTL_SECONDS,
  type passwordResetBody,
  type registerBody,
  type SessionResponse,
  type updateSessionBody,
} from "@booking/contracts";
import { customers, participants } from "@booking/db";
import { and, eq, isNull } from "@booking/db/orm";
import { fullName } from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { requireCustomer, type ServiceContext } from "../../http/service-context.ts";
import { queueEmail } from "../mail/outbox.ts";
import { changeNewsletterConsent, consentView } from "../newsletters/service.ts";
import { organiserEmail, templateCustomer } from "../notifications/system-mail.ts";
import type { ProofStore } from "../transaction-proofs/storage.ts";
import { anonymiseCustomer, lockCustomerToErase } from "./anonymise.ts";
import { checkedCustomData } from "./custom-data.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import {
  type CustomerRow,
  consumeResetToken,
  findActiveCustomer,
  findActiveCustomerByEmail,
  findSessionCustomer,
  insertResetToken,
} from "./queries.ts";
import { closeAllSessions, closeSession, openSession } from "./sessions.ts";
import { hashToken, newToken } from "./tokens.ts";

export interface AccountsDeps {
  secret: string;
  /** enqueues delivery of an e-mail row written by the transaction */
  dispatchEmail(emailId: number): Promise<void>;
  /** the proofs of payment's files, erased with the account */
  proofStore: ProofStore;
}

export interface OpenedSession {
  token: string;
  expiresAt: Date;
  customer: SessionCustomerView;
}

type SessionCustomerView = NonNullable<SessionResponse["customer"]>;

export function customerView(
  row: Pick<
    CustomerRow,
    | "id"
    | "cuid"
    | "firstname"
    | "lastname"
    | "email"
    | "phone"
    | "customData"
    | "newsletterSubscribed"
    | "newsletterSubscribedAt"
    | "newsletterUnsubscribedAt"
    | "newsletterSource"
    | "createdAt"
  >,
): SessionCustomerView {
  return {
    id: row.id,
    cuid: row.cuid,
    firstname: row.firstname,
    lastname: row.lastname,
    fullname: fullName(row.firstname, row.lastname),
    email: row.email,
    phone: row.phone,
    custom_data: row.customData as CustomDataEntry[],
    newsletter: consentView(row),
    created_at: row.createdAt.toISOString(),
  };
}

export function createAccountsService(deps: AccountsDeps) {
  return {
    async register(
      context: ServiceContext,
      input: z.output<typeof registerBody>,
      userAgent: string | undefined,
    ): Promise<OpenedSession> {
      const { db, organiser } = context;
      const wantsParticipant = organiser.settings.create_customers_participant;
      if (wantsParticipant && !input.participant) {
        throw validationError({ "participant.birthdate": "REQUIRED" });
      }
      const customData = await checkedCustomData(db, organiser.id, "CUSTOMERS", input.custom_data);
      const participantData =
        wantsParticipant && input.participant
          ? await checkedCustomData(
              db,
              organiser.id,
              "PARTICIPANTS",
              input.participant.custom_data,
              "participant.",
            )
          : [];
      if (await findActiveCustomerByEmail(db, organiser.id, input.email)) {
        throw new AppError("EMAIL_ALREADY_USED", { email: "EMAIL_ALREADY_USED" });
      }
      const [customer] = await db
        .insert(customers)
        .values({
          organiserId: organiser.id,
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email,
          phone: input.phone,
          passwordHash: await hashPassword(input.password),
          customData,
        })
        .returning();
      if (input.newsletter) {
        await changeNewsletterConsent(db, organiser.id, customer!.id, true, "REGISTER");
      }
      if (wantsParticipant && input.participant) {
        await db.insert(participants).values({
          organiserId: organiser.id,
          customerId: customer!.id,
          firstname: input.firstname,
          lastname: input.lastname,
          birthdate: input.participant.birthdate,
          customData: participantData,
        });
      }
      const session = await openSession(db, deps.secret, {
        organiserId: organiser.id,
        customerId: customer!.id,
        userAgent,
      });
      // Re-read only when the opt-in changed the row after its insert.
      const registered = input.newsletter
        ? await findActiveCustomer(db, organiser.id, customer!.id)
        : customer;
      return { ...session, customer: customerView(registered!) };
    },

    async login(
      context: ServiceContext,
      input: z.output<typeof loginBody>,
      userAgent: string | undefined,
    ): Promise<OpenedSession> {
      const { db, organiser } = context;
      const customer = await findActiveCustomerByEmail(db, organiser.id, input.email);
      const valid = await verifyPassword(customer?.passwordHash ?? null, input.password);
      if (!customer || !valid) throw new AppError("INVALID_CREDENTIALS");
      const session = await openSession(db, deps.secret, {
        organiserId: organiser.id,
        customerId: customer.id,
        userAgent,
      });
      return { ...session, customer: customerView(customer) };
    },

    async logout(context: ServiceContext): Promise<void> {
      if (context.actor.kind === "customer")
        await closeSession(context.db, context.actor.sessionId);
    },

    /**
     * Runs after the answer (see the route): neither its content nor its timing reveals whether
     * an account exists.
     */
    async sendPasswordLink(
      context: ServiceContext,
      email: string,
      links: { urls: PublicUrls; resetUrl(token: string): string },
    ): Promise<void> {
      const { db, organiser } = context;
      // A customer created by staff has no password yet: the link is how they choose one.
      const customer = await findActiveCustomerByEmail(db, organiser.id, email);
      if (!customer) return;
      const token = newToken();
      await insertResetToken(db, {
        organiserId: organiser.id,
        customerId: customer.id,
        tokenHash: hashToken(deps.secret, token),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TOKEN_TTL_SECONDS * 1000),
      });
      const message = await organiserEmail(db, organiser, links.urls, "customer-password-reset", {
        customer: templateCustomer(customer),
        link: { url: links.resetUrl(token), kind: "password-reset" },
      });
      const emailId = await queueEmail(db, {
        organiserId: organiser.id,
        to: customer.email,
        ...message,
      });
      context.afterCommit(() => deps.dispatchEmail(emailId));
    },

    async resetPassword(
      context: ServiceContext,
      input: z.output<typeof passwordResetBody>,
    ): Promise<void> {
      const { db, organiser } = context;
      const token = await consumeResetToken(db, organiser.id, hashToken(deps.secret, input.token));
      if (token === null || token === "USED") throw new AppError("INVALID_RESET_TOKEN");
      if (token.expiresAt.getTime() <= Date.now()) throw new AppError("RESET_TOKEN_EXPIRED");
      const updated = await db
        .update(customers)
        .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
        .where(
          and(
            eq(customers.organiserId, organiser.id),
            eq(customers.id, token.customerId),
            isNull(customers.anonymisedAt),
          ),
        )
        .returning({ id: customers.id });
      if (updated.length === 0) throw new AppError("INVALID_RESET_TOKEN");
      // A new password ends every open session, in case the old one was compromised.
      await closeAllSessions(db, token.customerId);
    },

    /**
     * `counters: false`: without the account's counters (null), for pages outside the account
     * area, which show none of them (decision 0058): one row instead of eleven counts.
     */
    async session(
      context: ServiceContext,
      { counters = true }: { counters?: boolean } = {},
    ): Promise<SessionResponse> {
      if (context.actor.kind !== "customer")
        return { customer: null, counters: null, wallet: null };
      const { db, organiser } = context;
      if (!counters) {
        const customer = await findActiveCustomer(db, organiser.id, context.actor.customerId);
        if (!customer) return { customer: null, counters: null, wallet: null };
        return {
          customer: customerView(customer),
          counters: null,
          wallet: { amount: customer.walletAmount },
        };
      }
      const found = await findSessionCustomer(db, organiser.id, context.actor.customerId);
      if (!found) return { customer: null, counters: null, wallet: null };
      return {
        customer: customerView(found.customer),
        counters: found.counters,
        wallet: { amount: found.customer.walletAmount },
      };
    },

    async updateProfile(
      context: ServiceContext,
      input: z.output<typeof updateSessionBody>,
    ): Promise<SessionCustomerView> {
      const actor = requireCustomer(context);
      const { db, organiser } = context;
      const customData = await checkedCustomData(db, organiser.id, "CUSTOMERS", input.custom_data);
      const sameEmail = await findActiveCustomerByEmail(db, organiser.id, input.email);
      if (sameEmail && sameEmail.id !== actor.customerId) {
        throw new AppError("EMAIL_ALREADY_USED", { email: "EMAIL_ALREADY_USED" });
      }
      // Consent is the customer's own: staff acting as them may withdraw it, never give it.
      if (input.newsletter && actor.impersonatorId !== null) {
        const current = await findActiveCustomer(db, organiser.id, actor.customerId);
        if (!current?.newsletterSubscribed) throw new AppError("FORBIDDEN");
      }
      const [updated] = await db
        .update(customers)
        .set({
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email,
          phone: input.phone,
          customData,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(customers.organiserId, organiser.id),
            eq(customers.id, actor.customerId),
            isNull(customers.anonymisedAt),
          ),
        )
        .returning();
      if (!updated) throw new AppError("UNAUTHENTICATED");
      if (input.newsletter === undefined) return customerView(updated);
      await changeNewsletterConsent(db, organiser.id, updated.id, input.newsletter, "PROFILE");
      return customerView((await findActiveCustomer(db, organiser.id, updated.id))!);
    },

    /**
     * Account deletion (decision 0004): the personal data erased, the organiser's records kept
     * (`anonymiseCustomer`, which staff's erasure shares). A collaborator impersonating the
     * customer may not do it.
     */
    async deleteAccount(context: ServiceContext): Promise<void> {
      const actor = requireCustomer(context);
      // Closing an account is the person's own decision, never staff acting as them.
      if (actor.impersonatorId !== null) throw new AppError("FORBIDDEN");
      const customer = await lockCustomerToErase(context.db, context.organiser.id, {
        id: actor.customerId,
      });
      if (!customer) throw new AppError("UNAUTHENTICATED");
      await anonymiseCustomer(context, deps.proofStore, customer, new Date());
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
