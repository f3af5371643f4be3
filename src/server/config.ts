// Configuration from the environment (docs/architecture.md "Configuration"). Read once at start.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { isIP } from "node:net";
import { ROLES, type Role } from "../common/roles";

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  publicOrigin: string;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); false: none. */
  trustProxy: false | string[];
  logLevel: string;
  admin?: { username: string; password: string; email: string };
  /** ADMIN_EMAIL without ADMIN_USERNAME/ADMIN_PASSWORD: the e-mail of the first-start invitation. */
  firstAdminEmail?: string;
  llm?: { baseUrl: string; apiKey: string; model: string; timeoutMs: number };
  /** Items of one LV the model pass sends at most (LLM_MAX_POSITIONS); the rest get rule findings only. */
  llmMaxPositions: number;
  smtp?: { url: string; from: string; notify?: string };
  operator: OperatorDetails;
  /** Absolute and idle session lifetimes in ms. */
  sessionMaxAgeMs: number;
  sessionIdleMs: number;
  /** Path of the built client (index.html and assets). */
  clientDir: string;
  /** Disable rate limits (only for benchmarks that hammer login). */
  rateLimit: boolean;
  /**
   * How long a change made outside this instance (another instance, a background job, a manual
   * SQL update) may take to show in the cached session checks and project lists. Changes made
   * through this instance show at once.
   */
  cacheStaleMs: number;
  /** Memory for the cached whole project lists of all scopes together (PROJECT_LIST_CACHE_MB, default 64). */
  projectListCacheBytes: number;
  /** The tender reader threads (src/server/boq/reader-pool.ts). */
  reader: ReaderConfig;
  /** Tender files one company may store (project create with file, upload-input) per 10 minutes. */
  uploadRateLimit: number;
  /** Roles that must use a second factor (MFA_REQUIRED_ROLES); without one they may only enrol. */
  mfaRequiredRoles: Role[];
  /** AES-256 key for TOTP secrets at rest (from MFA_SECRET_KEY); without it they are stored as is. */
  mfaSecretKey?: Buffer;
  /** Bearer token for GET /metrics (METRICS_TOKEN); without it /metrics answers 404. */
  metricsToken?: string;
  /** On SIGTERM, how long /readyz answers 503 before the listener closes (READY_DRAIN_MS). */
  readyDrainMs: number;
  /** How long SIGTERM waits for open requests and the job in progress (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** A job's lease without a heartbeat: after it another instance takes the job over (JOB_LEASE_MS). */
  jobLeaseMs: number;
  /** Free space the data directory keeps beyond an upload's size (DISK_MIN_FREE_MB); below it uploads get 507. */
  diskMinFreeBytes: number;
}

export interface ReaderConfig {
  /** Wall-clock time one file may take. */
  timeoutMs: number;
  /** V8 heap of a reader thread. */
  maxHeapMb: number;
  /** How far the process's RSS may grow while a file is read (buffers outside the V8 heap). */
  maxRssMb: number;
  /** Files read at the same time by this process. */
  concurrency: number;
}

/** Operator details for /impressum and /agb (OPERATOR_* variables). */
export interface OperatorDetails {
  company: string;
  street: string;
  city: string;
  representatives: string;
  email: string;
  phone: string;
  vatId: string;
  register: string;
  /** Some variables were missing (development only): the sample operator fills them, marked as such. */
  sample: boolean;
}

type OperatorField = Exclude<keyof OperatorDetails, "sample">;

/** Every operator detail and its variable; production refuses to start while one is missing. */
export const OPERATOR_VARIABLES: Record<OperatorField, string> = {
  company: "OPERATOR_COMPANY",
  street: "OPERATOR_STREET",
  city: "OPERATOR_CITY",
  representatives: "OPERATOR_REPRESENTATIVES",
  email: "OPERATOR_EMAIL",
  phone: "OPERATOR_PHONE",
  vatId: "OPERATOR_VAT_ID",
  register: "OPERATOR_REGISTER",
};

/** What development shows for missing operator variables: an obvious sample, never placeholder tokens. */
export const SAMPLE_OPERATOR: Record<OperatorField, string> = {
  company: "Muster Bauanalyse GmbH",
  street: "Musterstraße 1",
  city: "35510 Butzbach",
  representatives: "Erika Mustermann (Geschäftsführerin)",
  email: "kontakt@bauklar.example",
  phone: "+49 6033 123456",
  vatId: "DE123456789",
  register: "Amtsgericht Friedberg, HRB 12345",
};

/** A configuration the product must not start with; main.ts prints the message alone. */
export class ConfigError extends Error {}

export const missingOperatorVariables = (env: NodeJS.ProcessEnv): string[] =>
  Object.values(OPERATOR_VARIABLES).filter((name) => !env[name]?.trim());

function operatorDetails(env: NodeJS.ProcessEnv): OperatorDetails {
  const missing = missingOperatorVariables(env);
  if (missing.length && env.NODE_ENV === "production") {
    throw new ConfigError(
      `bauklar startet nicht: Im Produktivbetrieb (NODE_ENV=production) sind Impressum und AGB Pflicht, es fehlen die Betreiberangaben ${missing.join(", ")}. ` +
        "Bitte diese Umgebungsvariablen setzen (siehe README, Abschnitt Configuration, und docs/deployment.md).",
    );
  }
  const details = {} as Record<OperatorField, string>;
  for (const [field, name] of Object.entries(OPERATOR_VARIABLES) as [OperatorField, string][]) {
    details[field] = env[name]?.trim() || SAMPLE_OPERATOR[field];
  }
  return { ...details, sample: missing.length > 0 };
}

const HOUR = 3_600_000;

/** A positive number from the environment, else the default (a typo must not disable a limit). */
function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n > 0 ? n : fallback;
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: an explicit list of proxy addresses or CIDR ranges (issue 22, item 3). `true` (or a
 * hop count) would believe any client's X-Forwarded-For, so every limit per address and the address
 * in the audit log would be the client's own choice: refused at start.
 */
export function trustedProxies(value: string | undefined): false | string[] {
  const v = value?.trim();
  if (!v || v === "false" || v === "off") return false;
  const items = v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const invalid = items.filter((item) => {
    if (PROXY_NAMES.has(item)) return false;
    const [address, bits, rest] = item.split("/");
    if (rest !== undefined || isIP(address) === 0) return true;
    if (bits === undefined) return false;
    const max = isIP(address) === 4 ? 32 : 128;
    return !/^\d{1,3}$/.test(bits) || Number(bits) > max;
  });
  if (v === "true" || /^\d+$/.test(v) || invalid.length) {
    throw new ConfigError(
      `bauklar startet nicht: TRUST_PROXY=${v} ist nicht erlaubt. Nennen Sie die Adressen oder Netze Ihrer Reverse-Proxys, ` +
        "z. B. TRUST_PROXY=10.0.0.5 oder TRUST_PROXY=10.0.0.0/8,127.0.0.1 (loopback, linklocal und uniquelocal gehen auch). " +
        "Mit „true“ könnte jeder Client seine Adresse selbst wählen (X-Forwarded-For) und damit die Begrenzungen je Adresse umgehen.",
    );
  }
  return items;
}

/** MFA_REQUIRED_ROLES: a comma-separated list of roles; an unknown name must not silently disable it. */
function mfaRequiredRoles(value: string | undefined): Role[] {
  const names = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(ROLES as readonly string[]).includes(n));
  if (unknown.length) {
    throw new ConfigError(
      `bauklar startet nicht: MFA_REQUIRED_ROLES enthält unbekannte Rollen (${unknown.join(", ")}). Erlaubt sind ${ROLES.join(", ")}.`,
    );
  }
  return [...new Set(names)] as Role[];
}

/** MFA_SECRET_KEY: any secret of at least 32 characters (e.g. `openssl rand -base64 32`), hashed to 32 bytes. */
function mfaSecretKey(value: string | undefined): Buffer | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (v.length < 32)
    throw new ConfigError("bauklar startet nicht: MFA_SECRET_KEY muss mindestens 32 Zeichen lang sein (z. B. `openssl rand -base64 32`).");
  return createHash("sha256").update(`bauklar-mfa-secret-key:${v}`).digest();
}

/**
 * The built client: CLIENT_DIR, else DIST_DIR/client, else ./dist/client — and when the server is
 * started from another directory, the client built beside the running bundle (dist/server/main.js →
 * dist/client), so `node /srv/bauklar/dist/server/main.js` does not answer 503 for every page.
 */
function clientDirOf(env: NodeJS.ProcessEnv): string {
  if (env.CLIENT_DIR) return resolve(env.CLIENT_DIR);
  const fromCwd = resolve(`${env.DIST_DIR ?? "./dist"}/client`);
  if (env.DIST_DIR || existsSync(fromCwd)) return fromCwd;
  const besideBundle = resolve(import.meta.dirname, "../client");
  return existsSync(besideBundle) ? besideBundle : fromCwd;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const publicOrigin = (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/+$/, "");
  const admin =
    env.ADMIN_USERNAME && env.ADMIN_PASSWORD
      ? {
          username: env.ADMIN_USERNAME,
          password: env.ADMIN_PASSWORD,
          email: env.ADMIN_EMAIL ?? `${env.ADMIN_USERNAME}@localhost`,
        }
      : undefined;
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? "./data"),
    publicOrigin,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? "warn",
    admin,
    firstAdminEmail: env.ADMIN_EMAIL?.trim() || undefined,
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: env.LLM_BASE_URL,
          apiKey: env.LLM_API_KEY ?? "none",
          model: env.LLM_MODEL ?? "gpt-4o-mini",
          timeoutMs: Number(env.LLM_TIMEOUT_MS ?? 60_000),
        }
      : undefined,
    llmMaxPositions: Math.max(1, Math.floor(positive(env.LLM_MAX_POSITIONS, 2000))),
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM ?? "bauklar <noreply@localhost>", notify: env.NOTIFY_EMAIL } : undefined,
    operator: operatorDetails(env),
    sessionMaxAgeMs: Number(env.SESSION_MAX_AGE_HOURS ?? 24 * 7) * HOUR,
    sessionIdleMs: Number(env.SESSION_IDLE_HOURS ?? 8) * HOUR,
    clientDir: clientDirOf(env),
    rateLimit: env.RATE_LIMIT !== "off",
    cacheStaleMs: Number(env.CACHE_STALE_MS ?? 1000),
    // 0 turns the cache off; anything else that is not a positive number keeps the default.
    projectListCacheBytes: (env.PROJECT_LIST_CACHE_MB?.trim() === "0" ? 0 : positive(env.PROJECT_LIST_CACHE_MB, 64)) * 2 ** 20,
    reader: {
      timeoutMs: positive(env.READER_TIMEOUT_MS, 120_000),
      maxHeapMb: positive(env.READER_MAX_HEAP_MB, 768),
      maxRssMb: positive(env.READER_MAX_RSS_MB, 1536),
      concurrency: Math.max(1, Math.floor(positive(env.READER_CONCURRENCY, 1))),
    },
    uploadRateLimit: Math.max(1, Math.floor(positive(env.UPLOAD_RATE_LIMIT, 60))),
    mfaRequiredRoles: mfaRequiredRoles(env.MFA_REQUIRED_ROLES),
    mfaSecretKey: mfaSecretKey(env.MFA_SECRET_KEY),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    readyDrainMs: Math.max(0, Number(env.READY_DRAIN_MS) || 0),
    shutdownGraceMs: Math.max(0, Number(env.SHUTDOWN_GRACE_MS ?? 25_000) || 0),
    jobLeaseMs: Math.max(1000, positive(env.JOB_LEASE_MS, 30_000)),
    diskMinFreeBytes: (env.DISK_MIN_FREE_MB?.trim() === "0" ? 0 : positive(env.DISK_MIN_FREE_MB, 256)) * 2 ** 20,
  };
}
