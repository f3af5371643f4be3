// The JSON the API answers with, written once: the routes declare these as response schemas (the
// serializer checks them and the OpenAPI description shows them), and the types in
// src/common/types.ts are derived from them for server and client alike.
import { z } from "zod";
import { ROLES } from "../roles";
import { KNOWLEDGE_DOCUMENT_TYPES } from "./chatbot";

const id = z.number().int();
const isoTime = z.string();
const role = z.enum(ROLES);
export const chatbotKindSchema = z.enum(["legal", "construction"]);

const userAccount = {
  id,
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role,
  companyId: id.nullable(),
};

const personRef = z.object({ id, firstName: z.string().nullable(), lastName: z.string().nullable(), username: z.string() });

// ---- Accounts ----

export const currentUserSchema = z.object({
  ...userAccount,
  isImpersonating: z.boolean(),
  /** TOTP (authenticator app) is set up. */
  mfaEnabled: z.boolean(),
  passkeyCount: z.number().int(),
  /** Role or company demand a second factor and none is set up: only enrolment is allowed. */
  mfaSetupRequired: z.boolean(),
});

/** POST /api/login for a user with a second factor: no session yet, the code step follows. */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  /** What completes the login: an authenticator code (or recovery code), a passkey. */
  methods: z.array(z.enum(["totp", "passkey"])),
});

/** GET /api/user/mfa */
export const mfaStatusSchema = z.object({
  totpEnabled: z.boolean(),
  totpEnabledAt: isoTime.nullable(),
  recoveryCodesLeft: z.number().int(),
  passkeyCount: z.number().int(),
  /** Whether a second factor is mandatory for this user, and why. */
  required: z.boolean(),
  requiredBy: z.enum(["role", "company"]).nullable(),
  setupRequired: z.boolean(),
});

/** POST /api/user/mfa/totp */
export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an SVG data URL rendered on the server. */
  qrCode: z.string(),
});

export const passkeySchema = z.object({
  id,
  name: z.string(),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
  deviceType: z.string().nullable(),
  backedUp: z.boolean(),
});

/** GET /api/user/sessions: never the token. */
export const sessionSchema = z.object({
  id,
  createdAt: isoTime,
  lastSeenAt: isoTime,
  expiresAt: isoTime,
  browser: z.string(),
  os: z.string(),
  ip: z.string().nullable(),
  authMethod: z.string().nullable(),
  current: z.boolean(),
});

/** The usual answer of a change that returns no object: a German confirmation. */
export const messageSchema = z.object({ message: z.string() });

export const apiErrorSchema = z.object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() });

/** POST /api/login: a session (the user), or for a user with a second factor the code step. */
export const loginResultSchema = z.union([currentUserSchema, mfaChallengeSchema]);

/** The 10 recovery codes, shown this once (TOTP confirmation and regeneration). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** WebAuthn options for the browser, as @simplewebauthn/server builds them: the challenge and the rest unchanged. */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });

/** POST /api/user/sessions/end-others */
export const sessionsEndedSchema = messageSchema.extend({ ended: z.number().int() });

/** GET /api/password-reset/available: whether "Passwort vergessen?" can send a mail. */
export const passwordResetAvailabilitySchema = z.object({ available: z.boolean() });

/** POST /api/users/:id/reset-password; mailed as in registrationLinkCreatedSchema. */
export const adminPasswordResetSchema = messageSchema.extend({ mailed: z.boolean().nullable() });

/** POST /api/users/:id/unlock-login: whether a lock was lifted. */
export const loginUnlockSchema = messageSchema.extend({ lifted: z.boolean() });

/** DELETE /api/users/:id: the projects that moved to the acting admin. */
export const userDeletedSchema = messageSchema.extend({ reassignedProjects: z.number().int() });

/** POST /api/users/:id/mfa/reset: what was removed. */
export const mfaResetResultSchema = messageSchema.extend({ totp: z.boolean(), passkeys: z.number().int() });

export const userListItemSchema = z.object({
  ...userAccount,
  companyName: z.string().nullable(),
  lastAccessAt: isoTime.nullable(),
  createdAt: isoTime,
  /** TOTP is set up; passkeyCount passkeys are registered (what a super admin's reset removes). */
  mfaEnabled: z.boolean(),
  passkeyCount: z.number().int(),
});

// ---- Companies and invitations ----

export const companyDtoSchema = z.object({
  id,
  name: z.string(),
  address: z.string().nullable(),
  logo: z.string().nullable(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  chatbotRequestCount: z.number().int(),
  freeChatbotRequestsPerMonth: z.number().int(),
  lastChatbotRequestReset: isoTime,
  /** Every user of the company must use a second factor. */
  mfaRequired: z.boolean(),
  createdAt: isoTime,
});

export const registrationLinkDtoSchema = z.object({
  id,
  token: z.string(),
  email: z.string(),
  role,
  companyId: id.nullable(),
  companyName: z.string().nullable(),
  createdAt: isoTime,
  expiresAt: isoTime,
  used: z.boolean(),
});

export const registrationLinkValidationSchema = z.object({
  valid: z.boolean(),
  email: z.string().optional(),
  role: role.optional(),
  companyId: id.nullable().optional(),
  message: z.string().optional(),
});

// ---- Projects ----

export const projectFileInfoSchema = z.object({
  hasFile: z.boolean(),
  fileName: z.string().nullable(),
  extension: z.string().nullable(),
  size: z.number().nullable(),
  uploadedAt: isoTime.nullable(),
});

export const projectDtoSchema = z.object({
  id,
  name: z.string(),
  costCenter: z.string().nullable(),
  contactPerson: z.string().nullable(),
  contactEmail: z.string().nullable(),
  description: z.string().nullable(),
  status: z.string(),
  companyId: id.nullable(),
  company: z.object({ id, name: z.string() }).nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  createdBy: personRef.nullable(),
  hasInputFile: z.boolean(),
  inputFileName: z.string().nullable(),
  inputFileExtension: z.string().nullable(),
  inputFileSize: z.number().nullable(),
  inputUploadedAt: isoTime.nullable(),
  hasOutputFile: z.boolean(),
  outputFileName: z.string().nullable(),
  outputFileExtension: z.string().nullable(),
  outputFileSize: z.number().nullable(),
  outputUploadedAt: isoTime.nullable(),
  /** The automatic pre-check of the current LV (issue 27): null without one or before the reader ran. */
  precheck: z.enum(["pending", "done", "failed", "unsupported"]).nullable(),
});

/** One stored version of a project file (metadata only; bytes come from the download routes). */
export const projectFileVersionSchema = z.object({
  id,
  kind: z.enum(["input", "output"]),
  fileName: z.string(),
  extension: z.string(),
  mimeType: z.string(),
  size: z.number(),
  uploadedAt: isoTime,
  uploadedBy: personRef.nullable(),
  /** Whether projects.input_file_id / output_file_id points at this version. */
  current: z.boolean(),
});

export const companyDeletedSchema = messageSchema.extend({ deletedUsers: z.number().int(), movedProjects: z.number().int() });
export const companyLogoSchema = z.object({ logo: z.string() });

/** GET /api/registration-links/pending: the open invitations (never the token). */
export const pendingInvitationSchema = registrationLinkDtoSchema.pick({
  id: true,
  email: true,
  role: true,
  companyId: true,
  companyName: true,
  createdAt: true,
  expiresAt: true,
});

/** POST /api/registration-links/:id/resend */
export const invitationResentSchema = z.object({
  url: z.string(),
  /** true: sent by mail; false: sending failed; null: no mail configured. */
  mailed: z.boolean().nullable(),
});

export const registrationLinkCreatedSchema = z.object({
  registrationLink: registrationLinkDtoSchema.pick({ id: true, token: true, email: true, role: true, companyId: true, expiresAt: true }),
  url: z.string(),
  /** true: sent by mail; false: sending failed; null: no mail configured. */
  mailed: z.boolean().nullable(),
});

/** upload-html / upload-input: the stored version and the project after it. */
export const projectUploadSchema = messageSchema.extend({ fileId: id, project: projectDtoSchema.optional() });

// ---- Chatbots (requirements 2.3 and 2.7) ----

/** GET /api/companies/:id/chatbot-usage: the current Berlin month of that company. */
export const chatbotUsageSchema = z.object({
  limit: z.number().int(),
  currentCount: z.number().int(),
  canMakeRequests: z.boolean(),
  month: z.string(),
});

/** The quota state an answer carries; paid = this request costs 0.27 EUR. */
export const chatbotAnswerUsageSchema = z.object({ limit: z.number().int(), currentCount: z.number().int(), paid: z.boolean() });

export const chatbotAnswerSchema = z.object({
  message: z.string(),
  conversationId: id,
  /** null when the request is not counted (super admin without company). */
  usage: chatbotAnswerUsageSchema.nullable(),
  source: z.enum(["llm", "knowledge-base"]),
});

export const conversationDtoSchema = z.object({
  id,
  chatbotType: chatbotKindSchema,
  title: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
});

export const chatbotMessageSchema = z.object({
  id,
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  createdAt: isoTime,
});

export const conversationDetailSchema = conversationDtoSchema.extend({ messages: z.array(chatbotMessageSchema) });

export const chatbotPromptSchema = z.object({
  id,
  chatbotType: chatbotKindSchema,
  systemPrompt: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdBy: z.object({ id, username: z.string() }).nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});

/**
 * Where a knowledge-base article comes from: shipped with the product and unchanged, shipped but
 * changed in the editor (new releases then leave it alone), or written in the editor.
 */
export const knowledgeOriginSchema = z.object({
  status: z.enum(["shipped", "edited", "custom"]),
  /** The delivered file's editorial data, when the article is (still) delivered. */
  shipped: z.object({ version: z.number().int(), reviewedOn: z.string(), reviewedBy: z.string(), file: z.string() }).nullable(),
});

/** A whole article also carries the delivered text (to compare or restore) and the version an edit started from. */
export const knowledgeOriginDetailSchema = knowledgeOriginSchema.extend({
  shippedArticle: z
    .object({
      title: z.string(),
      content: z.string(),
      documentType: z.enum(KNOWLEDGE_DOCUMENT_TYPES),
      tags: z.array(z.string()),
      sources: z.array(z.string()),
    })
    .nullable(),
  /** The shipped version last written into this row, when known. */
  baseVersion: z.number().int().nullable(),
});

export const knowledgeArticleListItemSchema = z.object({
  id,
  chatbotType: chatbotKindSchema,
  slug: z.string().nullable(),
  title: z.string(),
  documentType: z.string(),
  tags: z.array(z.string()),
  excerpt: z.string(),
  updatedAt: isoTime,
  origin: knowledgeOriginSchema,
});

/** GET/POST/PUT /api/chatbot/knowledge(/:id): the whole article with its origin. */
export const knowledgeArticleSchema = knowledgeArticleListItemSchema.omit({ excerpt: true, origin: true }).extend({
  content: z.string(),
  sources: z.array(z.string()),
  createdAt: isoTime,
  origin: knowledgeOriginDetailSchema,
});

/** GET /api/chatbot/ledger: requests per company and Berlin month. */
export const ledgerRowDtoSchema = z.object({
  companyId: id,
  companyName: z.string(),
  month: z.string(),
  freeCount: z.number().int(),
  paidCount: z.number().int(),
  amountCents: z.number().int(),
});

// ---- Public site ----

/** POST /api/membership-request (requirements 1.7). */
export const membershipResponseSchema = z.object({ success: z.boolean(), message: z.string() });
/** POST /api/contact (requirements 1.7). */
export const contactResponseSchema = z.object({ ok: z.boolean(), message: z.string() });

/** GET /api/inquiries (super admin): membership requests and contact messages, newest first. */
export const inquiryDtoSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("membership"),
    id,
    createdAt: isoTime,
    mailedAt: isoTime.nullable(),
    packageId: z.number().int(),
    packageName: z.string(),
    firmenname: z.string(),
    rechtsform: z.string(),
    strasse: z.string(),
    plz: z.string(),
    ort: z.string(),
    ansprechpartner: z.string(),
    email: z.string(),
    telefon: z.string(),
    rechnungsEmail: z.string(),
    kontaktWunsch: z.enum(["email", "telefon"]),
  }),
  z.object({
    kind: z.literal("contact"),
    id,
    createdAt: isoTime,
    mailedAt: isoTime.nullable(),
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    message: z.string(),
  }),
]);
