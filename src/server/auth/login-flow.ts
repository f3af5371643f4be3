// The second sign-in step. A correct password for a user with a second factor opens a pending
// login (auth/challenges.ts: own cookie, 5 minutes, 5 wrong codes), never a session;
// POST /api/login/mfa completes it with a TOTP or recovery code, POST /api/login/passkey with a
// passkey (also without any pending login: "Mit Passkey anmelden"). Only then is a session
// started (rotated). Every sign-in and every failure is audited.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { MFA_TEXTS, codeBodySchema, emptyBodySchema, passkeyLoginSchema } from "../../common/schemas/mfa";
import type { CurrentUser, MfaChallenge } from "../../common/types";
import type { AppDeps } from "../app";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { passkeys } from "../db/schema";
import { currentUserSchema, passkeyOptionsSchema } from "../../common/schemas/responses";
import { findUser } from "../users/queries";
import {
  codeFailuresSince,
  findPasskeyByCredential,
  passkeyCredentialsOf,
  recordPasskeyUse,
  setChallenge,
  touchLastAccess,
} from "./queries";
import { audit } from "../audit/log";
import { tooManyRequests, unauthorized } from "../http/errors";
import { rateLimited } from "../http/rate-limit";
import { clearChallenge, consumeChallenge, currentChallenge, startChallenge, takeAttempt, MAX_CODE_ATTEMPTS } from "./challenges";
import { toCurrentUser } from "./dto";
import { ENROLMENT } from "./enforcement";
import { consumeRecoveryCode, consumeTotpCode, isTotpCode, loadSecondFactorState } from "./mfa";
import { endSession, startSession, type AuthMethod, type SecondFactorState, type SessionUser } from "./sessions";
import { authenticationOptions, verifyAuthentication } from "./webauthn";
import { clearWrongPasswords, usernameMarker } from "./login-throttle";

/** Wrong second-factor answers one account may get per window before it is throttled (across pending logins). */
const ACCOUNT_FAILURES = 10;
const ACCOUNT_WINDOW_MS = 15 * 60_000;
const LOGIN_LIMIT_MESSAGE = "Zu viele Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.";

type Step = "password" | "code" | "passkey";

/**
 * An audit row for a failed sign-in step. For an unknown username only a short hash of it is
 * written (password spraying shows as many markers from few addresses; the input itself stays out).
 */
export async function auditLoginFailure(db: Db, req: FastifyRequest, userId: number | null, step: Step, username?: string) {
  if (userId === null) {
    await audit(db, req, "user.login_failed", null, {
      step,
      unknownUser: true,
      account: username === undefined ? null : usernameMarker(username),
    });
    return;
  }
  await audit(db, req, "user.login_failed", { type: "user", id: userId }, { step }, userId);
}

/** A TOTP or recovery code of the user (consumed when right): the sign-in method, or null. */
export async function secondFactorCode(db: Db, config: Config, user: SessionUser, code: string): Promise<AuthMethod | null> {
  if (user.totpEnabledAt === null) return null;
  if (isTotpCode(code)) return (await consumeTotpCode(db, config, user, code)) ? "password+totp" : null;
  return (await consumeRecoveryCode(db, user.id, code)) ? "password+recovery_code" : null;
}

export async function signIn(
  db: Db,
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  method: AuthMethod,
  state?: SecondFactorState,
): Promise<CurrentUser> {
  await startSession(db, config, req, reply, user.id, null, method);
  await touchLastAccess(db, user.id);
  await audit(db, req, "user.login", { type: "user", id: user.id }, { method }, user.id);
  // After a second step the factors are read again (a passkey may have been the first one).
  return toCurrentUser(user, false, state ?? (await loadSecondFactorState(db, config, user)));
}

/** After a correct password: a session, or (with a second factor) a pending login and the code step. */
export async function passwordAccepted(
  db: Db,
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
): Promise<CurrentUser | MfaChallenge> {
  const state = await loadSecondFactorState(db, config, user);
  if (!state.totp && state.passkeys === 0) return signIn(db, config, req, reply, user, "password", state);
  // Whoever was signed in in this browser is signed out: the code step has no session.
  await endSession(db, req, reply);
  await startChallenge(db, config, req, reply, { purpose: "mfa", userId: user.id });
  const methods: MfaChallenge["methods"] = [];
  if (state.totp) methods.push("totp");
  if (state.passkeys > 0) methods.push("passkey");
  return { mfaRequired: true, methods };
}

const recentCodeFailures = (db: Db, userId: number) => codeFailuresSince(db, userId, new Date(Date.now() - ACCOUNT_WINDOW_MS));

export const loginFlowRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = { ...rateLimited(config, 10, 60_000, LOGIN_LIMIT_MESSAGE), ...ENROLMENT };

    /** A wrong answer to a pending login: 401, and the fifth ends it with 429. */
    async function wrongAnswer(
      req: FastifyRequest,
      reply: FastifyReply,
      pendingId: number,
      userId: number,
      attempt: number,
      step: Step,
    ): Promise<never> {
      await auditLoginFailure(db, req, userId, step);
      if (attempt >= MAX_CODE_ATTEMPTS) {
        await consumeChallenge(db, pendingId);
        await clearChallenge(db, req, reply);
        throw tooManyRequests(MFA_TEXTS.tooManyCodes);
      }
      throw unauthorized(step === "passkey" ? MFA_TEXTS.passkeyFailed : MFA_TEXTS.codeInvalid);
    }

    app.post(
      "/api/login/mfa",
      { schema: { body: codeBodySchema, response: { 200: currentUserSchema } }, config: limited },
      async (req, reply) => {
        const pending = await currentChallenge(db, req);
        if (!pending || pending.purpose !== "mfa" || pending.userId === null) {
          await clearChallenge(db, req, reply);
          throw unauthorized(MFA_TEXTS.pendingExpired);
        }
        const user = await findUser(db, pending.userId);
        if (!user) throw unauthorized(MFA_TEXTS.pendingExpired);
        if ((await recentCodeFailures(db, user.id)) >= ACCOUNT_FAILURES) throw tooManyRequests(MFA_TEXTS.accountThrottled);
        const attempt = await takeAttempt(db, pending.id);
        if (attempt === null) {
          await clearChallenge(db, req, reply);
          throw tooManyRequests(MFA_TEXTS.tooManyCodes);
        }
        const code = req.body.code;
        const method: AuthMethod = isTotpCode(code) ? "password+totp" : "password+recovery_code";
        const ok =
          method === "password+totp"
            ? await consumeTotpCode(db, config, user, code)
            : user.totpEnabledAt !== null && (await consumeRecoveryCode(db, user.id, code));
        if (!ok) return wrongAnswer(req, reply, pending.id, user.id, attempt, "code");
        // The pending login is used up once; a racing second request with a valid code gets nothing.
        if (!(await consumeChallenge(db, pending.id))) throw unauthorized(MFA_TEXTS.pendingExpired);
        await clearChallenge(db, req, reply);
        return signIn(db, config, req, reply, user, method);
      },
    );

    // Options for a passkey sign-in: for a pending login only that user's passkeys, otherwise any
    // discoverable passkey of this site.
    app.post(
      "/api/login/passkey/options",
      { schema: { body: emptyBodySchema, response: { 200: passkeyOptionsSchema } }, config: limited },
      async (req, reply) => {
        const pending = await currentChallenge(db, req);
        if (pending?.purpose === "mfa" && pending.userId !== null) {
          const own = await passkeyCredentialsOf(db, pending.userId);
          if (own.length > 0) {
            const options = await authenticationOptions(config, own);
            await setChallenge(db, pending.id, options.challenge);
            return options;
          }
        }
        const options = await authenticationOptions(config);
        await startChallenge(db, config, req, reply, { purpose: "passkey_login", challenge: options.challenge });
        return options;
      },
    );

    app.post(
      "/api/login/passkey",
      { schema: { body: passkeyLoginSchema, response: { 200: currentUserSchema } }, config: limited },
      async (req, reply) => {
        const pending = await currentChallenge(db, req);
        if (!pending?.challenge) {
          await clearChallenge(db, req, reply);
          throw unauthorized(MFA_TEXTS.passkeyFailed);
        }
        const response = req.body.response as AuthenticationResponseJSON;
        const passkey = await findPasskeyByCredential(db, response.id);

        if (pending.purpose === "mfa" && pending.userId !== null) {
          // The second step of a password login: only that user's passkey, and it costs an attempt.
          const attempt = await takeAttempt(db, pending.id);
          if (attempt === null) {
            await clearChallenge(db, req, reply);
            throw tooManyRequests(MFA_TEXTS.tooManyCodes);
          }
          const info =
            passkey && passkey.userId === pending.userId ? await verifyAuthentication(config, response, pending.challenge, passkey) : null;
          if (!info || !passkey) return wrongAnswer(req, reply, pending.id, pending.userId, attempt, "passkey");
          if (!(await consumeChallenge(db, pending.id))) throw unauthorized(MFA_TEXTS.pendingExpired);
          await clearChallenge(db, req, reply);
          return completePasskeyLogin(req, reply, passkey, info.newCounter);
        }

        // "Mit Passkey anmelden": the challenge is used once, whatever the outcome.
        const fresh = await consumeChallenge(db, pending.id);
        await clearChallenge(db, req, reply);
        const info = fresh && passkey ? await verifyAuthentication(config, response, pending.challenge, passkey) : null;
        if (!info || !passkey) {
          if (passkey) await auditLoginFailure(db, req, passkey.userId, "passkey");
          throw unauthorized(MFA_TEXTS.passkeyFailed);
        }
        return completePasskeyLogin(req, reply, passkey, info.newCounter);
      },
    );

    async function completePasskeyLogin(
      req: FastifyRequest,
      reply: FastifyReply,
      passkey: typeof passkeys.$inferSelect,
      newCounter: number,
    ) {
      const user = await findUser(db, passkey.userId);
      if (!user) throw unauthorized(MFA_TEXTS.passkeyFailed);
      await recordPasskeyUse(db, passkey.id, newCounter);
      // A passkey is the owner's own way past a lock after wrong passwords.
      if (await clearWrongPasswords(db, user.username)) {
        await audit(db, req, "user.login_unlocked", { type: "user", id: user.id }, { by: "owner", method: "passkey" }, user.id);
      }
      return signIn(db, config, req, reply, user, "passkey");
    }
  };
