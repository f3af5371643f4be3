// A software WebAuthn authenticator for API tests: one ES256 passkey with user verification,
// answering registration and authentication options the way a browser with a platform
// authenticator would (attestation "none"). The browser tests use Chromium's virtual
// authenticator instead.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString("base64url");
const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest();

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;
  userHandle: string | undefined;

  constructor(
    private readonly origin: string,
    /** Flags: user present and user verified unless a test wants otherwise. */
    private readonly userVerified = true,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id() {
    return b64url(this.credentialId);
  }

  private get rpIdHash() {
    return sha256(new URL(this.origin).hostname);
  }

  private flags(attested: boolean) {
    return (attested ? 0x40 : 0) | (this.userVerified ? 0x04 : 0) | 0x01;
  }

  private counterBytes() {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(this.counter);
    return b;
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to POST /api/user/passkeys/options (what startRegistration() sends). */
  register(options: { challenge: string; user: { id: string } }, opts: { origin?: string } = {}) {
    this.userHandle = options.user.id;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(this.publicJwk.x, "base64url"))],
      [-3, new Uint8Array(Buffer.from(this.publicJwk.y, "base64url"))],
    ]);
    const credLen = Buffer.alloc(2);
    credLen.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash,
      Buffer.from([this.flags(true)]),
      this.counterBytes(),
      Buffer.alloc(16),
      credLen,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, opts.origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** The answer to POST /api/login/passkey/options (what startAuthentication() sends). */
  authenticate(options: { challenge: string }, opts: { origin?: string } = {}) {
    this.counter += 1;
    const authData = Buffer.concat([this.rpIdHash, Buffer.from([this.flags(false)]), this.counterBytes()]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, opts.origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
