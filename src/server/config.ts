// Configuration from the environment (DESIGN.md "Configuration"). Read once at start.
import { resolve } from "node:path";

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  publicOrigin: string;
  trustProxy: boolean | string;
  logLevel: string;
  admin?: { username: string; password: string; email: string };
  llm?: { baseUrl: string; apiKey: string; model: string; timeoutMs: number };
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
}

/** Operator details for /impressum and /agb; the defaults are placeholders to be configured. */
export interface OperatorDetails {
  company: string;
  street: string;
  city: string;
  representatives: string;
  email: string;
  phone: string;
  vatId: string;
  register: string;
  isDefault: boolean;
}

const HOUR = 3_600_000;

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
  const trust = env.TRUST_PROXY;
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? "./data"),
    publicOrigin,
    trustProxy: trust === undefined || trust === "" ? false : trust === "true" ? true : trust,
    logLevel: env.LOG_LEVEL ?? "info",
    admin,
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: env.LLM_BASE_URL,
          apiKey: env.LLM_API_KEY ?? "none",
          model: env.LLM_MODEL ?? "gpt-4o-mini",
          timeoutMs: Number(env.LLM_TIMEOUT_MS ?? 60_000),
        }
      : undefined,
    smtp: env.SMTP_URL
      ? { url: env.SMTP_URL, from: env.MAIL_FROM ?? "bauklar <noreply@localhost>", notify: env.NOTIFY_EMAIL }
      : undefined,
    operator: {
      company: env.OPERATOR_COMPANY ?? "bauklar GmbH (Platzhalter – OPERATOR_COMPANY setzen)",
      street: env.OPERATOR_STREET ?? "Musterstraße 1",
      city: env.OPERATOR_CITY ?? "35510 Butzbach",
      representatives: env.OPERATOR_REPRESENTATIVES ?? "Geschäftsführung (Platzhalter)",
      email: env.OPERATOR_EMAIL ?? "kontakt@bauklar.de",
      phone: env.OPERATOR_PHONE ?? "+49 6033 000000",
      vatId: env.OPERATOR_VAT_ID ?? "DE000000000 (Platzhalter)",
      register: env.OPERATOR_REGISTER ?? "Amtsgericht Friedberg, HRB 0000 (Platzhalter)",
      isDefault: !env.OPERATOR_COMPANY,
    },
    sessionMaxAgeMs: Number(env.SESSION_MAX_AGE_HOURS ?? 24 * 7) * HOUR,
    sessionIdleMs: Number(env.SESSION_IDLE_HOURS ?? 8) * HOUR,
    clientDir: resolve(env.CLIENT_DIR ?? `${env.DIST_DIR ?? "./dist"}/client`),
    rateLimit: env.RATE_LIMIT !== "off",
    cacheStaleMs: Number(env.CACHE_STALE_MS ?? 1000),
  };
}
