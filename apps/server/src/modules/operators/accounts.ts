import { emailAddress } from "@booking/contracts";
import type { Database } from "@booking/db";
import { hashToken, newToken } from "../accounts/tokens.ts";
import {
  disableOperator,
  findOperatorByEmail,
  insertOperator,
  insertOperatorToken,
  listOperators,
  type Operator,
} from "./queries.ts";

/** The link to choose a password is used by the person running the command: a day is plenty. */
export const OPERATOR_LINK_TTL_MS = 24 * 3600 * 1000;

export interface OperatorAccountsDeps {
  db: Database;
  secret: string;
  /** `https://admin.{PLATFORM_DOMAIN}` */
  consoleOrigin: string;
}

export class OperatorCommandError extends Error {}

function parseEmail(value: string): string {
  const parsed = emailAddress.safeParse(value);
  if (!parsed.success) throw new OperatorCommandError(`not an e-mail address: ${value}`);
  return parsed.data;
}

/**
 * Platform operators' accounts, managed by `npm run operator` only (decision 0040): no sign-up,
 * no password on a command line. Creating one gives a one-time link to choose the password.
 */
export function operatorAccounts(deps: OperatorAccountsDeps) {
  async function passwordLink(operator: Operator): Promise<string> {
    const token = newToken();
    await insertOperatorToken(deps.db, {
      operatorId: operator.id,
      tokenHash: hashToken(deps.secret, token),
      expiresAt: new Date(Date.now() + OPERATOR_LINK_TTL_MS),
    });
    return `${deps.consoleOrigin}/admin/platform/password?token=${encodeURIComponent(token)}`;
  }

  return {
    /**
     * A new operator and its link; an operator who has not chosen a password yet gets a new
     * link. An active operator with a password, or a disabled one, is an error.
     */
    async create(
      emailText: string,
      nameText?: string,
    ): Promise<{ operator: Operator; link: string }> {
      const email = parseEmail(emailText);
      const name = (nameText ?? email.split("@")[0] ?? email).trim().slice(0, 100) || email;
      const operator =
        (await insertOperator(deps.db, { email, name })) ??
        (await findOperatorByEmail(deps.db, email));
      if (!operator) throw new OperatorCommandError(`could not create ${email}`);
      if (operator.disabledAt) throw new OperatorCommandError(`${email} is disabled`);
      if (operator.passwordHash) {
        throw new OperatorCommandError(`${email} is already an operator with a password`);
      }
      return { operator, link: await passwordLink(operator) };
    },

    list: () => listOperators(deps.db),

    async disable(emailText: string): Promise<void> {
      const email = parseEmail(emailText);
      if (!(await disableOperator(deps.db, email))) {
        throw new OperatorCommandError(`no operator ${email}`);
      }
    },
  };
}
