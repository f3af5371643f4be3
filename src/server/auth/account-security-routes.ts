// Einstellungen → Konto: the own second factor (TOTP with recovery codes) and passkeys. Every
// change of a sign-in factor needs the current password (or, for TOTP, the code that proves the
// new factor works), is refused during an impersonation and is audited. The enrolment routes stay
// open while a required second factor is missing (auth/enforcement.ts).
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { idParam } from "../../common/schemas/common";
import { MFA_TEXTS, codeBodySchema, passkeyDeleteSchema, passkeyRegisterSchema, passwordBodySchema } from "../../common/schemas/mfa";
import { z } from "zod";
import type { MfaStatus } from "../../common/types";
import {
  messageSchema,
  mfaStatusSchema,
  passkeyOptionsSchema,
  passkeySchema,
  recoveryCodesSchema,
  totpEnrolmentSchema,
} from "../../common/schemas/responses";
import type { AppDeps } from "../app";
import type { Db } from "../db/client";
import { audit } from "../audit/log";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { rateLimited } from "../http/rate-limit";
import { NOT_WHILE_IMPERSONATING } from "../users/self-service";
import { requireUser } from "./guards";
import { ENROLMENT } from "./enforcement";
import { matchTotpStep, newTotpEnrolment, recoveryCodesLeft, replaceRecoveryCodes, sealTotpSecret } from "./mfa";
import { verifyPassword } from "./passwords";
import { verifyOwnPassword } from "./login-throttle";
import { openSecret } from "./secret-box";
import type { SessionUser } from "./sessions";
import { registrationOptions, toPasskeyDto, verifyRegistration } from "./webauthn";
import { findUser } from "../users/queries";
import {
  activateTotp,
  deleteOwnPasskey,
  disableTotp,
  findOwnPasskey,
  findPasskeyByCredential,
  insertPasskey,
  passkeysOf,
  replaceRegistrationChallenge,
  storePendingTotpSecret,
  takeRegistrationChallenge,
} from "./queries";

const CHALLENGE_MS = 5 * 60_000;

/** The signed-in user acting for themselves (not an impersonating admin). */
function selfUser(req: FastifyRequest): SessionUser {
  const user = requireUser(req);
  if (req.auth?.impersonatorId) throw forbidden(NOT_WHILE_IMPERSONATING);
  return user;
}

async function requirePassword(db: Db, req: FastifyRequest, user: SessionUser, password: string) {
  if (!(await verifyOwnPassword(db, req, user, password, verifyPassword)))
    throw badRequest(MFA_TEXTS.passwordIncorrect, { password: MFA_TEXTS.passwordIncorrect });
}

export const accountSecurityRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Routes that check the password: as guarded as the password change.
    const guarded = rateLimited(config, 10, 15 * 60_000, MFA_TEXTS.tooManyAttempts);

    const freshUser = async (id: number) => {
      const u = await findUser(db, id);
      if (!u) throw notFound();
      return u;
    };

    app.get(
      "/api/user/mfa",
      { schema: { summary: "Stand des zweiten Faktors", response: { 200: mfaStatusSchema } }, config: ENROLMENT },
      async (req, reply): Promise<MfaStatus> => {
        reply.header("Cache-Control", "no-store");
        const user = requireUser(req);
        const mfa = req.auth!.mfa;
        const byRole = config.mfaRequiredRoles.includes(user.role);
        return {
          totpEnabled: user.totpEnabledAt !== null,
          totpEnabledAt: user.totpEnabledAt?.toISOString() ?? null,
          recoveryCodesLeft: user.totpEnabledAt ? await recoveryCodesLeft(db, user.id) : 0,
          passkeyCount: mfa.passkeys,
          required: mfa.required,
          requiredBy: mfa.required ? (byRole ? "role" : "company") : null,
          setupRequired: mfa.setupRequired,
        };
      },
    );

    // Step 1 of the TOTP enrolment: a new secret, stored but not active until confirmed.
    app.post(
      "/api/user/mfa/totp",
      { schema: { body: passwordBodySchema, response: { 200: totpEnrolmentSchema } }, config: { ...guarded, ...ENROLMENT } },
      async (req) => {
        const user = selfUser(req);
        await requirePassword(db, req, user, req.body.password);
        const current = await freshUser(user.id);
        if (current.totpEnabledAt) throw conflict(MFA_TEXTS.alreadyEnabled);
        const enrolment = await newTotpEnrolment(user.username);
        await storePendingTotpSecret(db, user.id, sealTotpSecret(config, user.id, enrolment.secret));
        return enrolment;
      },
    );

    // Step 2: a correct code activates it; the 10 recovery codes are shown this once.
    app.post(
      "/api/user/mfa/totp/confirm",
      { schema: { body: codeBodySchema, response: { 200: recoveryCodesSchema } }, config: { ...guarded, ...ENROLMENT } },
      async (req) => {
        const user = selfUser(req);
        const current = await freshUser(user.id);
        if (current.totpEnabledAt) throw conflict(MFA_TEXTS.alreadyEnabled);
        if (!current.totpSecret) throw badRequest(MFA_TEXTS.noEnrolment);
        const step = matchTotpStep(openSecret(current.totpSecret, user.id, config.mfaSecretKey), req.body.code.replace(/\s+/g, ""));
        if (step === null) throw badRequest(MFA_TEXTS.codeInvalid, { code: MFA_TEXTS.codeInvalid });
        const recoveryCodes = await db.transaction(async (tx) => {
          if (!(await activateTotp(tx, user.id, current.totpSecret!, step))) throw conflict(MFA_TEXTS.noEnrolment);
          return replaceRecoveryCodes(tx, user.id);
        });
        await audit(db, req, "user.mfa_enable", { type: "user", id: user.id }, { method: "totp" });
        return { recoveryCodes };
      },
    );

    app.delete(
      "/api/user/mfa",
      { schema: { body: passwordBodySchema, response: { 200: messageSchema } }, config: guarded },
      async (req) => {
        const user = selfUser(req);
        await requirePassword(db, req, user, req.body.password);
        const wasEnabled = await db.transaction((tx) => disableTotp(tx, user.id));
        if (wasEnabled) await audit(db, req, "user.mfa_disable", { type: "user", id: user.id }, { method: "totp" });
        return { message: "Zwei-Faktor-Anmeldung deaktiviert" };
      },
    );

    app.post(
      "/api/user/mfa/recovery-codes",
      { schema: { body: passwordBodySchema, response: { 200: recoveryCodesSchema } }, config: guarded },
      async (req) => {
        const user = selfUser(req);
        await requirePassword(db, req, user, req.body.password);
        const current = await freshUser(user.id);
        if (!current.totpEnabledAt) throw conflict(MFA_TEXTS.notEnabled);
        const recoveryCodes = await db.transaction((tx) => replaceRecoveryCodes(tx, user.id));
        await audit(db, req, "user.mfa_recovery_codes", { type: "user", id: user.id });
        return { recoveryCodes };
      },
    );

    app.get(
      "/api/user/passkeys",
      { schema: { summary: "Eigene Passkeys", response: { 200: z.array(passkeySchema) } }, config: ENROLMENT },
      async (req, reply) => {
        reply.header("Cache-Control", "no-store");
        const user = requireUser(req);
        const rows = await passkeysOf(db, user.id);
        return rows.map(toPasskeyDto);
      },
    );

    // Registration options; the challenge is bound to this session and used once.
    app.post(
      "/api/user/passkeys/options",
      { schema: { body: passwordBodySchema, response: { 200: passkeyOptionsSchema } }, config: { ...guarded, ...ENROLMENT } },
      async (req) => {
        const user = selfUser(req);
        await requirePassword(db, req, user, req.body.password);
        const options = await registrationOptions(db, config, user);
        const expiresAt = new Date(Date.now() + CHALLENGE_MS);
        await db.transaction((tx) => replaceRegistrationChallenge(tx, req.auth!.sessionId, user.id, options.challenge, expiresAt));
        return options;
      },
    );

    app.post(
      "/api/user/passkeys",
      { schema: { body: passkeyRegisterSchema, response: { 201: passkeySchema } }, config: { ...guarded, ...ENROLMENT } },
      async (req, reply) => {
        const user = selfUser(req);
        const challenge = await takeRegistrationChallenge(db, req.auth!.sessionId);
        if (!challenge?.challenge || challenge.expiresAt <= new Date() || challenge.userId !== user.id)
          throw badRequest(MFA_TEXTS.passkeyRegisterFailed);
        const info = await verifyRegistration(config, req.body.response as RegistrationResponseJSON, challenge.challenge);
        if (!info) throw badRequest(MFA_TEXTS.passkeyRegisterFailed);
        if (await findPasskeyByCredential(db, info.credential.id)) throw conflict(MFA_TEXTS.passkeyExists);
        const created = await insertPasskey(db, {
          userId: user.id,
          name: req.body.name,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
          counter: info.credential.counter,
          transports: info.credential.transports ?? req.body.response.response.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
        });
        await audit(db, req, "user.passkey_add", { type: "user", id: user.id }, { passkeyId: created.id, name: created.name });
        return reply.status(201).send(toPasskeyDto(created));
      },
    );

    app.delete(
      "/api/user/passkeys/:id",
      { schema: { params: idParam, body: passkeyDeleteSchema, response: { 200: messageSchema } }, config: guarded },
      async (req) => {
        const user = selfUser(req);
        // Someone else's passkey does not exist for this user: 404 before anything else.
        const own = await findOwnPasskey(db, req.params.id, user.id);
        if (!own) throw notFound(MFA_TEXTS.passkeyNotFound);
        await requirePassword(db, req, user, req.body.password);
        if (!(await deleteOwnPasskey(db, own.id, user.id))) throw notFound(MFA_TEXTS.passkeyNotFound);
        await audit(db, req, "user.passkey_delete", { type: "user", id: user.id }, { passkeyId: own.id, name: own.name });
        return { message: "Passkey gelöscht" };
      },
    );
  };
