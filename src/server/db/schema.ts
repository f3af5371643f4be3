// The whole data model. Delete rules are deliberate (see comments); list queries never select the
// bytea columns, which live in their own tables (project_files, company_logos).
import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** bytea as a Buffer on both drivers (pg gives Buffer, PGlite gives Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
  toDriver: (v) => v,
});

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();

export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    address: text("address"),
    /** URL of the logo route when a logo exists (bytes are in company_logos). */
    logo: text("logo"),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone"),
    chatbotRequestCount: integer("chatbot_request_count").notNull().default(0),
    freeChatbotRequestsPerMonth: integer("free_chatbot_requests_per_month").notNull().default(0),
    lastChatbotRequestReset: ts("last_chatbot_request_reset").notNull().defaultNow(),
    /** Set by the company admin: every user of the company must use a second factor. */
    mfaRequired: boolean("mfa_required").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // The paged list (migration 0005): sort by name, search over name, address, e-mail and phone.
    index("companies_name_id_idx").on(t.name, t.id),
    index("companies_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("companies_address_trgm_idx").using("gin", t.address.op("gin_trgm_ops")),
    index("companies_contact_email_trgm_idx").using("gin", t.contactEmail.op("gin_trgm_ops")),
    index("companies_contact_phone_trgm_idx").using("gin", t.contactPhone.op("gin_trgm_ops")),
  ],
);

export const companyLogos = pgTable("company_logos", {
  // A company's logo goes with the company.
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  mimeType: text("mime_type").notNull(),
  data: bytea("data").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    role: text("role", { enum: ["super_admin", "company_admin", "user"] })
      .notNull()
      .default("user"),
    // Restrict: deleting a company is an explicit transaction that first deletes its users.
    companyId: integer("company_id").references(() => companies.id, { onDelete: "restrict" }),
    lastAccessAt: ts("last_access_at"),
    /**
     * The TOTP secret (base32); AES-256-GCM encrypted ("enc:v1:…") when MFA_SECRET_KEY is set
     * (auth/secret-box.ts). Set at enrolment start, active only once totp_enabled_at is set.
     */
    totpSecret: text("totp_secret"),
    totpEnabledAt: ts("totp_enabled_at"),
    /** The last TOTP time step accepted: a code of this or an earlier step is a replay. */
    totpLastStep: integer("totp_last_step"),
    /** When the password was last set; stopping an impersonation refuses if it changed since it began. */
    passwordChangedAt: ts("password_changed_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_uq").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    // The paged list (migration 0005): a company's users by id; sort by username or e-mail; the
    // search over username, e-mail, first and last name.
    index("users_company_id_idx").on(t.companyId, t.id),
    index("users_username_id_idx").on(t.username, t.id),
    index("users_email_id_idx").on(t.email, t.id),
    index("users_username_trgm_idx").using("gin", t.username.op("gin_trgm_ops")),
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("users_first_name_trgm_idx").using("gin", t.firstName.op("gin_trgm_ops")),
    index("users_last_name_trgm_idx").using("gin", t.lastName.op("gin_trgm_ops")),
    check("users_role_ck", sql`${t.role} in ('super_admin','company_admin','user')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** sha256 of the cookie token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Set while a super admin acts as userId; deleting that admin ends the session. */
    impersonatorId: integer("impersonator_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    /** As seen at sign-in (the address through TRUST_PROXY), for the user's session list. */
    userAgent: text("user_agent"),
    ip: text("ip"),
    /** password, password+totp, password+recovery_code, passkey, impersonation, registration. */
    authMethod: text("auth_method"),
  },
  (t) => [uniqueIndex("sessions_token_hash_uq").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Single-use recovery codes of a user's TOTP second factor, argon2id-hashed. */
export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("mfa_recovery_codes_user_idx").on(t.userId)],
);

/** WebAuthn credentials (passkeys) a user registered. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** base64url credential id, as the browser reports it. */
    credentialId: text("credential_id").notNull(),
    /** base64url COSE public key. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deviceType: text("device_type"),
    backedUp: boolean("backed_up").notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [uniqueIndex("passkeys_credential_uq").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

/**
 * Short-lived sign-in state that is not a session: a password login waiting for its second factor
 * (purpose "mfa", at most 5 minutes and 5 wrong codes) and WebAuthn challenges. The browser holds
 * a random token in its own cookie (only its sha256 is stored); a passkey registration's challenge
 * is bound to the session instead.
 */
export const authChallenges = pgTable(
  "auth_challenges",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash"),
    purpose: text("purpose", { enum: ["mfa", "passkey_login", "passkey_register"] }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    sessionId: bigint("session_id", { mode: "number" }).references(() => sessions.id, { onDelete: "cascade" }),
    challenge: text("challenge"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("auth_challenges_token_uq").on(t.tokenHash), index("auth_challenges_session_idx").on(t.sessionId)],
);

export const registrationLinks = pgTable(
  "registration_links",
  {
    id: serial("id").primaryKey(),
    token: text("token").notNull(),
    email: text("email").notNull(),
    role: text("role", { enum: ["super_admin", "company_admin", "user"] }).notNull(),
    // An invitation into a deleted company is worthless.
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    used: boolean("used").notNull().default(false),
    usedAt: ts("used_at"),
    usedBy: integer("used_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("registration_links_token_uq").on(t.token),
    index("registration_links_company_idx").on(t.companyId),
    // The paged list (migration 0005): the sorts and the e-mail search (company names: companies).
    index("registration_links_email_id_idx").on(t.email, t.id),
    index("registration_links_created_id_idx").on(t.createdAt, t.id),
    index("registration_links_expires_id_idx").on(t.expiresAt, t.id),
    index("registration_links_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
  ],
);

export const projects = pgTable(
  "projects",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    costCenter: text("cost_center"),
    contactPerson: text("contact_person"),
    contactEmail: text("contact_email"),
    description: text("description"),
    status: text("status").notNull().default("active"),
    // Restrict: company deletion moves projects to a super admin first.
    companyId: integer("company_id").references(() => companies.id, { onDelete: "restrict" }),
    // Restrict: user deletion reassigns the user's projects first. Only the demo project (id 1),
    // seeded before any user exists, may have no creator.
    createdBy: integer("created_by").references(() => users.id, { onDelete: "restrict" }),
    inputFileId: integer("input_file_id").references((): AnyPgColumn => projectFiles.id, {
      onDelete: "set null",
    }),
    outputFileId: integer("output_file_id").references((): AnyPgColumn => projectFiles.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // Paged lists read these in order and stop after offset+limit (migration 0006, issue 16).
    index("projects_company_created_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index("projects_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("projects_name_idx").on(t.name, t.id),
    index("projects_created_by_idx").on(t.createdBy),
    // The paged lists: sort by name within a company, and the search box's case-insensitive
    // "contains" on name, costCenter and contactPerson (pg_trgm; migration 0004 creates the
    // extension when the database allows it).
    index("projects_company_name_idx").on(t.companyId, t.name, t.id),
    index("projects_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("projects_cost_center_trgm_idx").using("gin", t.costCenter.op("gin_trgm_ops")),
    index("projects_contact_person_trgm_idx").using("gin", t.contactPerson.op("gin_trgm_ops")),
    // The orders page also searches the description (migration 0007).
    index("projects_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
    check("projects_creator_ck", sql`${t.createdBy} is not null or ${t.id} = 1`),
  ],
);

/** Every uploaded version of a project's files; projects point at the current ones. */
export const projectFiles = pgTable(
  "project_files",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references((): AnyPgColumn => projects.id, { onDelete: "cascade" }),
    /** input/output: the project points at the current version; contract: documents beside the LV. */
    kind: text("kind", { enum: ["input", "output", "contract"] }).notNull(),
    fileName: text("file_name").notNull(),
    extension: text("extension").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** A contract document the project no longer uses (migration 0010); its bytes stay. */
    withdrawnAt: ts("withdrawn_at"),
  },
  (t) => [
    index("project_files_project_idx").on(t.projectId, t.kind, t.id),
    index("project_files_contract_idx")
      .on(t.projectId, t.id)
      .where(sql`${t.kind} = 'contract' and ${t.withdrawnAt} is null`),
    check("project_files_kind_ck", sql`${t.kind} in ('input', 'output', 'contract')`),
  ],
);

/** The machine reading of an input file (GAEB/PDF): one row per file version. */
export const boqAnalyses = pgTable(
  "boq_analyses",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fileId: integer("file_id")
      .notNull()
      .references(() => projectFiles.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "done", "failed", "unsupported"] })
      .notNull()
      .default("pending"),
    error: text("error"),
    format: text("format"),
    phase: text("phase"),
    /** counts, chargeable positions, prices, totals, findings: everything but the positions. */
    summary: jsonb("summary"),
    /** The user's column mapping for an Excel/CSV file (kept when the file is read again). */
    mapping: jsonb("mapping"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("boq_analyses_file_uq").on(t.fileId), index("boq_analyses_project_idx").on(t.projectId, t.id)],
);

export const boqPositions = pgTable(
  "boq_positions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    analysisId: integer("analysis_id")
      .notNull()
      .references(() => boqAnalyses.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    // The reader's node kinds (tender NodeKind); typed only, no database constraint.
    kind: text("kind", { enum: ["lot", "title", "item", "markup", "remark"] }).notNull(),
    level: integer("level").notNull().default(0),
    oz: text("oz"),
    parentOz: text("parent_oz"),
    shortText: text("short_text"),
    longText: text("long_text"),
    qty: numeric("qty", { mode: "number" }),
    unit: text("unit"),
    unitPrice: numeric("unit_price", { mode: "number" }),
    total: numeric("total", { mode: "number" }),
    kinds: text("kinds")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    details: jsonb("details"),
  },
  (t) => [index("boq_positions_analysis_idx").on(t.analysisId, t.seq)],
);

/**
 * The system prompt of the model pass over every LV (src/server/boq/model-pass.ts): every save is
 * a new version, at most one is active; without an active row the shipped default is used.
 */
export const analysisPrompts = pgTable(
  "analysis_prompts",
  {
    id: serial("id").primaryKey(),
    systemPrompt: text("system_prompt").notNull(),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("analysis_prompts_active_uq")
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);

/**
 * The reference price table for unpriced LVs as saved by the super admin (money/reference-prices.ts
 * in the tender engine has the shipped one). The newest row is in use; none = the shipped table.
 */
export const referencePrices = pgTable("reference_prices", {
  id: serial("id").primaryKey(),
  priceTable: jsonb("price_table").notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * The model's checked answer for one chunk of positions, keyed by sha256 over model, prompt
 * version and the request: the same LV (in any project) is never sent twice.
 */
export const analysisModelCache = pgTable("analysis_model_cache", {
  key: text("key").primaryKey(),
  model: text("model").notNull(),
  /** analysis_prompts.id of the prompt sent; 0 = the shipped default. */
  promptId: integer("prompt_id").notNull(),
  /** The findings as the model gave them (schema-checked; OZ not yet matched against an LV). */
  findings: jsonb("findings").notNull(),
  promptTokens: integer("prompt_tokens").notNull().default(0),
  completionTokens: integer("completion_tokens").notNull().default(0),
  createdAt: createdAt(),
});

/** Tokens the model pass spent per project (summed over all readings of its files). */
export const projectModelUsage = pgTable("project_model_usage", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  promptTokens: bigint("prompt_tokens", { mode: "number" }).notNull().default(0),
  completionTokens: bigint("completion_tokens", { mode: "number" }).notNull().default(0),
  requests: integer("requests").notNull().default(0),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** A small durable job queue (works on PGlite and PostgreSQL; claimed with SKIP LOCKED). */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    queue: text("queue").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: ["pending", "running", "done", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAt: ts("run_at").notNull().defaultNow(),
    /** When the last claim took the job (kept after it ends: the round robin's "last served"). */
    lockedAt: ts("locked_at"),
    /** The lease: renewed by the holder's heartbeat; once past, another worker may take the job. */
    lockedUntil: ts("locked_until"),
    /** Random per claim: completion, failure and the job's own writes only count with it. */
    lockToken: text("lock_token"),
    /** Fair turns between groups (the company of a reading). */
    groupKey: text("group_key").notNull().default(""),
    /** At most one waiting job per key (e.g. one reading per file). */
    dedupeKey: text("dedupe_key"),
    finishedAt: ts("finished_at"),
    /** How often the job was taken over from a worker whose lease ran out. */
    takeovers: integer("takeovers").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_pending_idx").on(t.queue, t.status, t.runAt),
    uniqueIndex("jobs_pending_dedupe_uq")
      .on(t.queue, t.dedupeKey)
      .where(sql`${t.status} = 'pending'`),
    index("jobs_group_claimed_idx").on(t.queue, t.groupKey, t.lockedAt),
    index("jobs_open_dedupe_idx")
      .on(t.dedupeKey)
      .where(sql`${t.status} in ('pending', 'running')`),
  ],
);

const chatbotType = (name: string) => text(name, { enum: ["legal", "construction"] }).notNull();

export const chatbotPrompts = pgTable(
  "chatbot_prompts",
  {
    id: serial("id").primaryKey(),
    chatbotType: chatbotType("chatbot_type"),
    systemPrompt: text("system_prompt").notNull(),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // At most one active prompt per chatbot; earlier versions stay as inactive rows.
    uniqueIndex("chatbot_prompts_active_uq")
      .on(t.chatbotType)
      .where(sql`${t.isActive}`),
    index("chatbot_prompts_type_idx").on(t.chatbotType, t.id),
  ],
);

export const chatbotConversations = pgTable(
  "chatbot_conversations",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chatbotType: chatbotType("chatbot_type"),
    title: text("title").notNull(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // The history dialog's pages (migration 0005): by last use or creation, ties by id; title search.
    index("chatbot_conversations_user_updated_idx").on(t.userId, t.chatbotType, t.updatedAt, t.id),
    index("chatbot_conversations_user_created_idx").on(t.userId, t.chatbotType, t.createdAt, t.id),
    index("chatbot_conversations_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
  ],
);

export const chatbotMessages = pgTable(
  "chatbot_messages",
  {
    id: serial("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => chatbotConversations.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("chatbot_messages_conversation_idx").on(t.conversationId, t.id)],
);

export const chatbotKnowledgeBase = pgTable(
  "chatbot_knowledge_base",
  {
    id: serial("id").primaryKey(),
    chatbotType: chatbotType("chatbot_type"),
    slug: text("slug"),
    title: text("title").notNull(),
    content: text("content").notNull(),
    documentType: text("document_type").notNull().default("leitfaden"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sources: text("sources")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('german', coalesce(title, '')), 'A') || setweight(to_tsvector('german', coalesce(content, '')), 'C')`,
    ),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("chatbot_kb_search_idx").using("gin", t.searchVector),
    index("chatbot_kb_type_idx").on(t.chatbotType),
    uniqueIndex("chatbot_kb_slug_uq").on(t.chatbotType, t.slug),
  ],
);

/**
 * One row per chatbot request that used the quota: free or paid (0.27 EUR), per company and
 * Berlin calendar month. The counter itself is companies.chatbot_request_count.
 */
export const chatbotRequestLedger = pgTable(
  "chatbot_request_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    chatbotType: chatbotType("chatbot_type"),
    /** Berlin calendar month, 'YYYY-MM'. */
    month: text("month").notNull(),
    paid: boolean("paid").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("chatbot_ledger_company_month_idx").on(t.companyId, t.month),
    // The ledger's pages by month (migration 0005).
    index("chatbot_ledger_month_company_idx").on(t.month, t.companyId),
  ],
);

/**
 * Wrong passwords per account (auth/login-throttle.ts), keyed on a hash of the lower-cased username
 * whether that account exists or not, independent of the client address.
 */
export const loginThrottle = pgTable("login_throttle", {
  accountKey: text("account_key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: ts("last_failure_at").notNull().defaultNow(),
  lockedUntil: ts("locked_until"),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Audit rows outlive the people in them.
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    impersonatorId: integer("impersonator_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: jsonb("details"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt.desc()), index("audit_log_target_idx").on(t.targetType, t.targetId)],
);

export const membershipRequests = pgTable(
  "membership_requests",
  {
    id: serial("id").primaryKey(),
    packageId: integer("package_id").notNull(),
    firmenname: text("firmenname").notNull(),
    rechtsform: text("rechtsform").notNull(),
    strasse: text("strasse").notNull(),
    plz: text("plz").notNull(),
    ort: text("ort").notNull(),
    ansprechpartner: text("ansprechpartner").notNull(),
    email: text("email").notNull(),
    telefon: text("telefon").notNull(),
    rechnungsEmail: text("rechnungs_email").notNull(),
    kontaktWunsch: text("kontakt_wunsch", { enum: ["email", "telefon"] }).notNull(),
    mailedAt: ts("mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // Newest first with ties by id (migration 0005: replaces the created_at-only index).
    index("membership_requests_created_id_idx").on(t.createdAt, t.id),
    // The inquiries' search (migration 0005).
    index("membership_requests_firmenname_trgm_idx").using("gin", t.firmenname.op("gin_trgm_ops")),
    index("membership_requests_ansprechpartner_trgm_idx").using("gin", t.ansprechpartner.op("gin_trgm_ops")),
    index("membership_requests_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("membership_requests_ort_trgm_idx").using("gin", t.ort.op("gin_trgm_ops")),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    message: text("message").notNull(),
    mailedAt: ts("mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // Newest first with ties by id (migration 0005: replaces the created_at-only index).
    index("contact_messages_created_id_idx").on(t.createdAt, t.id),
    // The inquiries' search (migration 0005).
    index("contact_messages_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("contact_messages_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("contact_messages_company_trgm_idx").using("gin", t.company.op("gin_trgm_ops")),
  ],
);

/**
 * The expert review of the pre-check (migration 0012): a decision per finding of a project, keyed
 * by the finding's stable id (src/server/findings/finding-id.ts), or an expert's own finding
 * (own = true, its text in title/why/severity/potential_eur).
 */
export const findingReviews = pgTable(
  "finding_reviews",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    findingId: text("finding_id").notNull(),
    ruleId: text("rule_id").notNull(),
    own: boolean("own").notNull().default(false),
    decision: text("decision", { enum: ["confirmed", "rejected", "changed"] }).notNull(),
    reason: text("reason"),
    remark: text("remark"),
    oz: text("oz"),
    title: text("title"),
    why: text("why"),
    severity: text("severity", { enum: ["risiko", "warnung", "hinweis"] }),
    potentialEur: doublePrecision("potential_eur"),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("finding_reviews_project_finding_uq").on(t.projectId, t.findingId), index("finding_reviews_rule_idx").on(t.ruleId)],
);

/** "Passwort vergessen?" links (migration 0012): single use, 30 minutes, only the token's sha256 stored. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_token_hash_uq").on(t.tokenHash), index("password_resets_user_idx").on(t.userId)],
);
