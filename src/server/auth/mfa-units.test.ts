// The pure parts of issue 14: TOTP steps, recovery-code spelling, secrets at rest, the user-agent
// labels of the session list and the MFA configuration variables.
import { describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import { ConfigError, loadConfig } from "../config";
import { HttpError } from "../http/errors";
import { matchTotpStep, normalizeRecoveryCode } from "./mfa";
import { openSecret, sealSecret } from "./secret-box";
import { parseUserAgent } from "./user-agent";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const at = (ms: number) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(SECRET), timestamp: ms });

describe("matchTotpStep", () => {
  const now = 1_800_000_015_000; // step 60 000 000, 15 s in
  it("accepts the current step and one step of drift either way, and names the step", () => {
    expect(matchTotpStep(SECRET, at(now), now)).toBe(60_000_000);
    expect(matchTotpStep(SECRET, at(now - 30_000), now)).toBe(59_999_999);
    expect(matchTotpStep(SECRET, at(now + 30_000), now)).toBe(60_000_001);
  });
  it("refuses codes further away and anything that is not 6 digits", () => {
    expect(matchTotpStep(SECRET, at(now - 60_000), now)).toBeNull();
    expect(matchTotpStep(SECRET, at(now + 60_000), now)).toBeNull();
    for (const bad of ["", "12345", "1234567", "abcdef", ` ${at(now)}`]) expect(matchTotpStep(SECRET, bad, now)).toBeNull();
  });
});

describe("normalizeRecoveryCode", () => {
  it("ignores case, spaces and dashes and reads O as 0, I and L as 1", () => {
    expect(normalizeRecoveryCode(" AB1C2-D3EF4 ")).toBe("ab1c2d3ef4");
    expect(normalizeRecoveryCode("ab1c2 d3ef4")).toBe("ab1c2d3ef4");
    expect(normalizeRecoveryCode("OIl00-xxxxx")).toBe("01100xxxxx");
  });
});

describe("secret box", () => {
  const key = Buffer.alloc(32, 1);
  it("stores as is without a key and round-trips with one", () => {
    expect(sealSecret(SECRET, 1, undefined)).toBe(SECRET);
    const sealed = sealSecret(SECRET, 1, key);
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain(SECRET);
    expect(sealSecret(SECRET, 1, key)).not.toBe(sealed); // a fresh IV each time
    expect(openSecret(sealed, 1, key)).toBe(SECRET);
    // A plain secret from before the key was set keeps working.
    expect(openSecret(SECRET, 1, key)).toBe(SECRET);
  });
  it("refuses another user's row, another key and a missing key", () => {
    const sealed = sealSecret(SECRET, 1, key);
    expect(() => openSecret(sealed, 2, key)).toThrow(HttpError);
    expect(() => openSecret(sealed, 1, Buffer.alloc(32, 2))).toThrow(HttpError);
    expect(() => openSecret(sealed, 1, undefined)).toThrow(HttpError);
  });
});

describe("parseUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome 126",
      "Windows",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87",
      "Edge 126",
      "Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari 17",
      "macOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari 17",
      "iOS 17",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox 128", "Linux"],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      "Samsung Internet 25",
      "Android 14",
    ],
    ["curl/8.5.0", "Unbekannter Browser", "Unbekanntes System"],
  ])("%s", (ua, browser, os) => {
    expect(parseUserAgent(ua)).toEqual({ browser, os });
  });
  it("copes without a header", () => {
    expect(parseUserAgent(null)).toEqual({ browser: "Unbekannter Browser", os: "Unbekanntes System" });
  });
});

describe("MFA configuration", () => {
  it("reads MFA_REQUIRED_ROLES as a list and refuses unknown roles", () => {
    expect(loadConfig({}).mfaRequiredRoles).toEqual([]);
    expect(loadConfig({ MFA_REQUIRED_ROLES: "super_admin" }).mfaRequiredRoles).toEqual(["super_admin"]);
    expect(loadConfig({ MFA_REQUIRED_ROLES: " super_admin , company_admin," }).mfaRequiredRoles).toEqual(["super_admin", "company_admin"]);
    expect(() => loadConfig({ MFA_REQUIRED_ROLES: "superadmin" })).toThrow(ConfigError);
  });
  it("derives a 32-byte key from MFA_SECRET_KEY and refuses a short one", () => {
    expect(loadConfig({}).mfaSecretKey).toBeUndefined();
    expect(loadConfig({ MFA_SECRET_KEY: "x".repeat(32) }).mfaSecretKey).toHaveLength(32);
    expect(() => loadConfig({ MFA_SECRET_KEY: "zu-kurz" })).toThrow(ConfigError);
  });
});
