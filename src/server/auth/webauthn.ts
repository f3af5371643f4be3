// Passkeys (WebAuthn) with @simplewebauthn/server: relying party and origin come from
// PUBLIC_ORIGIN; user verification (PIN, biometrics) is required, so a passkey alone is a
// multi-factor sign-in.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { PasskeyDto, PasskeyOptions } from "../../common/types";
import type { Config } from "../config";
import type { DbOrTx } from "../db/client";
import type { passkeys } from "../db/schema";
import { passkeyCredentialsOf } from "./queries";
import type { SessionUser } from "./sessions";

export const RP_NAME = "bauklar";

export const relyingParty = (config: Config) => ({ rpID: new URL(config.publicOrigin).hostname, origin: config.publicOrigin });

export type PasskeyRow = typeof passkeys.$inferSelect;

export const toPasskeyDto = (p: PasskeyRow): PasskeyDto => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  deviceType: p.deviceType,
  backedUp: p.backedUp,
});

export async function registrationOptions(db: DbOrTx, config: Config, user: SessionUser): Promise<PasskeyOptions> {
  const existing = await passkeyCredentialsOf(db, user.id);
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
  // Spread into a plain object: the answer is the library's JSON as it is (passkeyOptionsSchema).
  return {
    ...(await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: relyingParty(config).rpID,
      userName: user.username,
      // A stable, opaque handle: the authenticator keeps it with a discoverable credential.
      userID: new TextEncoder().encode(`bauklar-user-${user.id}`),
      userDisplayName: displayName,
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      timeout: 120_000,
    })),
  };
}

/** Verifies an attestation against the stored challenge; null when it does not hold. */
export async function verifyRegistration(config: Config, response: RegistrationResponseJSON, expectedChallenge: string) {
  const { origin, rpID } = relyingParty(config);
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    return result.verified ? result.registrationInfo : null;
  } catch {
    return null;
  }
}

export async function authenticationOptions(
  config: Config,
  allow?: { credentialId: string; transports: string[] }[],
): Promise<PasskeyOptions> {
  return {
    ...(await generateAuthenticationOptions({
      rpID: relyingParty(config).rpID,
      userVerification: "required",
      allowCredentials: allow?.map((p) => ({ id: p.credentialId, transports: p.transports })),
      timeout: 120_000,
    })),
  };
}

/** Verifies an assertion made with the stored passkey; the new signature counter, or null. */
export async function verifyAuthentication(
  config: Config,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  passkey: PasskeyRow,
) {
  const { origin, rpID } = relyingParty(config);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
    return result.verified ? result.authenticationInfo : null;
  } catch {
    return null;
  }
}
