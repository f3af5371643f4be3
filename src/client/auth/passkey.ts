// Passkey sign-in and registration in the browser. @simplewebauthn/browser is imported only when a
// passkey is actually used, so /auth and the settings page stay light.
import { MFA_TEXTS } from "../../common/schemas/mfa";
import type { CurrentUser, PasskeyDto } from "../../common/types";
import { RequestError, apiRequest } from "../lib/api";

export const passkeysSupported = () => typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** "Mit Passkey anmelden" (or the second step of a pending password login). */
export async function signInWithPasskey(): Promise<CurrentUser> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const optionsJSON = await apiRequest<Parameters<typeof startAuthentication>[0]["optionsJSON"]>("POST", "/api/login/passkey/options", {});
  const response = await startAuthentication({ optionsJSON });
  return apiRequest<CurrentUser>("POST", "/api/login/passkey", { response });
}

/** Registers a passkey of this device under a name; the current password unlocks it. */
export async function registerPasskey(name: string, password: string): Promise<PasskeyDto> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const optionsJSON = await apiRequest<Parameters<typeof startRegistration>[0]["optionsJSON"]>("POST", "/api/user/passkeys/options", {
    password,
  });
  const response = await startRegistration({ optionsJSON });
  return apiRequest<PasskeyDto>("POST", "/api/user/passkeys", { name, response });
}

export const PASSKEY_CANCELLED = "Der Vorgang wurde abgebrochen oder ist auf diesem Gerät nicht möglich.";

/** The text for a failed passkey ceremony: the server's reason, or the browser's cancel. */
export function passkeyErrorText(err: unknown, fallback: string = MFA_TEXTS.passkeyFailed): string {
  if (err instanceof RequestError) return err.serverMessage ?? fallback;
  const name = err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "AbortError" || name === "InvalidStateError") {
    return name === "InvalidStateError" ? MFA_TEXTS.passkeyExists : PASSKEY_CANCELLED;
  }
  return fallback;
}
