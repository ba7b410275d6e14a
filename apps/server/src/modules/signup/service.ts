import {
  SIGNUP_LOGIN_TTL_SECONDS,
  type SignupResponse,
  type SlugAvailability,
  type signupBody,
} from "@booking/contracts";
import type { Database } from "@booking/db";
import { isCurrencyCode, isTimeZoneName, organiserSlugProblem } from "@booking/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { hashToken, newToken } from "../accounts/tokens.ts";
import { consumeToken, touchLastLogin } from "../collaborators/queries.ts";
import { openConsoleSession } from "../collaborators/sessions.ts";
import { assertValidPages, defaultWebsite } from "./default-website.ts";
import {
  collaboratorEmailTaken,
  insertOrganiser,
  organiserIdBySlug,
  slugTaken,
} from "./queries.ts";

export interface SignupDeps {
  db: Database;
  secret: string;
  publicUrls: PublicUrls;
}

type SignupInput = z.output<typeof signupBody>;

const slugTakenError = () => new AppError("SLUG_TAKEN", { "organiser.slug": "SLUG_TAKEN" });
const emailTakenError = () =>
  new AppError("EMAIL_ALREADY_USED", { "owner.email": "EMAIL_ALREADY_USED" });

/** What the shapes of the contract cannot check: the slug's rules, a known currency and zone. */
function checkRules(input: SignupInput): void {
  const fields: Record<string, string> = {};
  const slugProblem = organiserSlugProblem(input.organiser.slug);
  if (slugProblem) fields["organiser.slug"] = slugProblem;
  if (!isCurrencyCode(input.organiser.currency)) fields["organiser.currency"] = "INVALID_CURRENCY";
  if (!isTimeZoneName(input.organiser.timezone)) fields["organiser.timezone"] = "INVALID_TIMEZONE";
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

/** The unique constraint a failed insert broke, if any (Drizzle wraps the driver's error). */
function brokenUniqueConstraint(error: unknown): string | null {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505" && typeof constraint === "string") return constraint;
  }
  return null;
}

/** Whether a slug may be chosen now, and why not (the sign-up form asks as the slug is typed). */
export async function slugAvailability(db: Database, raw: string): Promise<SlugAvailability> {
  const slug = raw.trim().toLowerCase();
  const problem = organiserSlugProblem(slug);
  if (problem) return { slug, available: false, reason: problem };
  if (await slugTaken(db, slug)) return { slug, available: false, reason: "SLUG_TAKEN" };
  return { slug, available: true, reason: null };
}

/**
 * Creates an organiser with its owner, Owner role, default segments and default website in one
 * transaction, and a one-time link that logs the owner in on the console's host. An e-mail that
 * already has a console log-in is refused: signing up must not take over someone's account (they
 * log in instead). Two sign-ups racing for one slug: the unique index lets one through.
 */
export async function signUp(deps: SignupDeps, input: SignupInput): Promise<SignupResponse> {
  checkRules(input);
  const { organiser, owner } = input;
  if (await slugTaken(deps.db, organiser.slug)) throw slugTakenError();
  if (await collaboratorEmailTaken(deps.db, owner.email)) throw emailTakenError();
  const website = defaultWebsite(organiser.name, organiser.language);
  assertValidPages(website.pages);
  const referredByOrganiserId = input.referral
    ? await organiserIdBySlug(deps.db, input.referral)
    : null;
  const token = newToken();
  const passwordHash = await hashPassword(owner.password);
  try {
    const created = await deps.db.transaction((tx) =>
      insertOrganiser(tx, {
        organiser,
        owner: { ...owner, passwordHash },
        website,
        referredByOrganiserId,
        login: {
          tokenHash: hashToken(deps.secret, token),
          expiresAt: new Date(Date.now() + SIGNUP_LOGIN_TTL_SECONDS * 1000),
        },
      }),
    );
    return {
      organiser: {
        cuid: created.cuid,
        slug: created.slug,
        storefront_url: deps.publicUrls.storefront(created),
      },
      console_url: `${deps.publicUrls.console()}/api/admin/auth/handover?token=${encodeURIComponent(token)}`,
    };
  } catch (error) {
    const constraint = brokenUniqueConstraint(error);
    if (constraint === "organisers_slug_unique") throw slugTakenError();
    if (constraint === "collaborators_email_unique") throw emailTakenError();
    throw error;
  }
}

/**
 * The console's end of the hand-over: a fresh, unused link opens a console session at the new
 * organiser (the cookie is the admin host's own); a used, expired or unknown one opens nothing.
 */
export async function finishHandover(
  deps: SignupDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<void> {
  const found = await consumeToken(deps.db, ["CONSOLE_LOGIN"], hashToken(deps.secret, token));
  if (found === null || found === "USED" || found.expiresAt.getTime() <= Date.now()) {
    throw new AppError("SIGNUP_LINK_INVALID");
  }
  await openConsoleSession(deps, request, reply, {
    collaboratorId: found.collaboratorId,
    organiserId: found.organiserId,
  });
  await touchLastLogin(deps.db, found.collaboratorId);
}
