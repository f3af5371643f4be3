// JSON shapes of the API, shared by server and client.
import type { Role } from "./roles";

/** What every view of a user account shows. */
interface UserAccount {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  companyId: number | null;
}

export interface CurrentUser extends UserAccount {
  isImpersonating: boolean;
  /** TOTP (authenticator app) is set up. */
  mfaEnabled: boolean;
  passkeyCount: number;
  /** Role or company demand a second factor and none is set up: only enrolment is allowed. */
  mfaSetupRequired: boolean;
}

/** POST /api/login for a user with a second factor: no session yet, the code step follows. */
export interface MfaChallenge {
  mfaRequired: true;
  /** What completes the login: an authenticator code (or recovery code), a passkey. */
  methods: ("totp" | "passkey")[];
}

export type LoginResult = CurrentUser | MfaChallenge;

/** GET /api/user/mfa */
export interface MfaStatus {
  totpEnabled: boolean;
  totpEnabledAt: string | null;
  recoveryCodesLeft: number;
  passkeyCount: number;
  /** Whether a second factor is mandatory for this user, and why. */
  required: boolean;
  requiredBy: "role" | "company" | null;
  setupRequired: boolean;
}

/** POST /api/user/mfa/totp */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code, an SVG data URL rendered on the server. */
  qrCode: string;
}

export interface PasskeyDto {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  deviceType: string | null;
  backedUp: boolean;
}

/** GET /api/user/sessions: never the token. */
export interface SessionDto {
  id: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  browser: string;
  os: string;
  ip: string | null;
  authMethod: string | null;
  current: boolean;
}

export interface ApiError {
  message: string;
  errors?: Record<string, string>;
}

export interface CompanyDto {
  id: number;
  name: string;
  address: string | null;
  logo: string | null;
  contactEmail: string;
  contactPhone: string | null;
  chatbotRequestCount: number;
  freeChatbotRequestsPerMonth: number;
  lastChatbotRequestReset: string;
  /** Every user of the company must use a second factor. */
  mfaRequired: boolean;
  createdAt: string;
}

export interface RegistrationLinkDto {
  id: number;
  token: string;
  email: string;
  role: Role;
  companyId: number | null;
  companyName: string | null;
  createdAt: string;
  expiresAt: string;
  used: boolean;
}

export interface RegistrationLinkValidation {
  valid: boolean;
  email?: string;
  role?: Role;
  companyId?: number | null;
  message?: string;
}

export interface UserDto extends UserAccount {
  companyName: string | null;
  lastAccessAt: string | null;
  createdAt: string;
  /** TOTP is set up; passkeyCount passkeys are registered (what a super admin's reset removes). */
  mfaEnabled: boolean;
  passkeyCount: number;
}

export interface ProjectFileInfo {
  hasFile: boolean;
  fileName: string | null;
  extension: string | null;
  size: number | null;
  uploadedAt: string | null;
}

export interface ProjectDto {
  id: number;
  name: string;
  costCenter: string | null;
  contactPerson: string | null;
  contactEmail: string | null;
  description: string | null;
  status: string;
  companyId: number | null;
  company: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
  createdBy: { id: number; firstName: string | null; lastName: string | null; username: string } | null;
  hasInputFile: boolean;
  inputFileName: string | null;
  inputFileExtension: string | null;
  inputFileSize: number | null;
  inputUploadedAt: string | null;
  hasOutputFile: boolean;
  outputFileName: string | null;
  outputFileExtension: string | null;
  outputFileSize: number | null;
  outputUploadedAt: string | null;
  /** The automatic pre-check of the current LV: null without one (or before the reader ran). */
  precheck: "pending" | "done" | "failed" | "unsupported" | null;
}

/** One stored version of a project file (metadata only; bytes come from the download routes). */
export interface ProjectFileVersionDto {
  id: number;
  kind: "input" | "output";
  fileName: string;
  extension: string;
  mimeType: string;
  size: number;
  uploadedAt: string;
  uploadedBy: { id: number; firstName: string | null; lastName: string | null; username: string } | null;
  /** Whether projects.input_file_id / output_file_id points at this version. */
  current: boolean;
}

// Chatbots (requirements 2.3 and 2.7).
export type ChatbotKind = "legal" | "construction";

/** GET /api/companies/:id/chatbot-usage: the current Berlin month of that company. */
export interface ChatbotUsageDto {
  limit: number;
  currentCount: number;
  canMakeRequests: boolean;
  month: string;
}

/** The quota state an answer carries; paid = this request costs 0.27 EUR. */
export interface ChatbotAnswerUsage {
  limit: number;
  currentCount: number;
  paid: boolean;
}

export interface ChatbotAnswerDto {
  message: string;
  conversationId: number;
  /** null when the request is not counted (super admin without company). */
  usage: ChatbotAnswerUsage | null;
  /** "llm" or "knowledge-base". */
  source: "llm" | "knowledge-base";
}

export interface ChatbotConversationDto {
  id: number;
  chatbotType: ChatbotKind;
  title: string;
  createdAt: string;
  updatedAt: string;
}

export interface ChatbotMessageDto {
  id: number;
  role: "user" | "assistant";
  content: string;
  createdAt: string;
}

export interface ChatbotConversationDetailDto extends ChatbotConversationDto {
  messages: ChatbotMessageDto[];
}

export interface ChatbotPromptDto {
  id: number;
  chatbotType: ChatbotKind;
  systemPrompt: string;
  description: string | null;
  isActive: boolean;
  createdBy: { id: number; username: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface KnowledgeArticleListItemDto {
  id: number;
  chatbotType: ChatbotKind;
  slug: string | null;
  title: string;
  documentType: string;
  tags: string[];
  excerpt: string;
  updatedAt: string;
}

export interface KnowledgeArticleDto extends Omit<KnowledgeArticleListItemDto, "excerpt"> {
  content: string;
  sources: string[];
  createdAt: string;
}

/** GET /api/chatbot/ledger: requests per company and Berlin month. */
export interface ChatbotLedgerRowDto {
  companyId: number;
  companyName: string;
  month: string;
  freeCount: number;
  paidCount: number;
  amountCents: number;
}

/** GET /api/inquiries (super admin): membership requests and contact messages, newest first. */
export type InquiryDto =
  | {
      kind: "membership";
      id: number;
      createdAt: string;
      mailedAt: string | null;
      packageId: number;
      packageName: string;
      firmenname: string;
      rechtsform: string;
      strasse: string;
      plz: string;
      ort: string;
      ansprechpartner: string;
      email: string;
      telefon: string;
      rechnungsEmail: string;
      kontaktWunsch: "email" | "telefon";
    }
  | {
      kind: "contact";
      id: number;
      createdAt: string;
      mailedAt: string | null;
      name: string;
      email: string;
      company: string | null;
      message: string;
    };
