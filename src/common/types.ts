// JSON shapes of the API, shared by server and client: each derived from its response schema in
// src/common/schemas/responses.ts (and boq-view.ts), so a shape is written once.
import type { z } from "zod";
import type {
  apiErrorSchema,
  chatbotAnswerSchema,
  chatbotAnswerUsageSchema,
  chatbotKindSchema,
  chatbotMessageSchema,
  chatbotPromptSchema,
  chatbotUsageSchema,
  companyDtoSchema,
  conversationDetailSchema,
  conversationDtoSchema,
  currentUserSchema,
  adminPasswordResetSchema,
  inquiryDtoSchema,
  knowledgeArticleListItemSchema,
  knowledgeArticleSchema,
  knowledgeOriginDetailSchema,
  knowledgeOriginSchema,
  ledgerRowDtoSchema,
  loginResultSchema,
  loginUnlockSchema,
  messageSchema,
  mfaChallengeSchema,
  mfaResetResultSchema,
  mfaStatusSchema,
  passkeyOptionsSchema,
  passkeySchema,
  pendingInvitationSchema,
  passwordResetAvailabilitySchema,
  projectDtoSchema,
  projectFileInfoSchema,
  projectFileVersionSchema,
  registrationLinkDtoSchema,
  recoveryCodesSchema,
  registrationLinkValidationSchema,
  sessionSchema,
  sessionsEndedSchema,
  totpEnrolmentSchema,
  userDeletedSchema,
  userListItemSchema,
} from "./schemas/responses";
import type {
  boqDecisionSchema,
  boqFindingSchema,
  boqMoneySchema,
  boqPositionSchema,
  boqPotentialSchema,
  boqViewSchema,
} from "./schemas/boq-view";

export type CurrentUser = z.infer<typeof currentUserSchema>;
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;
export type LoginResult = z.infer<typeof loginResultSchema>;
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;
export type PasskeyDto = z.infer<typeof passkeySchema>;
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;
export type SessionDto = z.infer<typeof sessionSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;
export type MessageDto = z.infer<typeof messageSchema>;
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
export type PasswordResetAvailability = z.infer<typeof passwordResetAvailabilitySchema>;
export type AdminPasswordReset = z.infer<typeof adminPasswordResetSchema>;
export type LoginUnlock = z.infer<typeof loginUnlockSchema>;
export type UserDeleted = z.infer<typeof userDeletedSchema>;
export type MfaResetResult = z.infer<typeof mfaResetResultSchema>;
export type CompanyDto = z.infer<typeof companyDtoSchema>;
export type RegistrationLinkDto = z.infer<typeof registrationLinkDtoSchema>;
export type PendingInvitationDto = z.infer<typeof pendingInvitationSchema>;
export type RegistrationLinkValidation = z.infer<typeof registrationLinkValidationSchema>;
export type UserDto = z.infer<typeof userListItemSchema>;
export type ProjectFileInfo = z.infer<typeof projectFileInfoSchema>;
export type ProjectDto = z.infer<typeof projectDtoSchema>;
export type ProjectFileVersionDto = z.infer<typeof projectFileVersionSchema>;
export type ChatbotKind = z.infer<typeof chatbotKindSchema>;
export type ChatbotUsageDto = z.infer<typeof chatbotUsageSchema>;
export type ChatbotAnswerUsage = z.infer<typeof chatbotAnswerUsageSchema>;
export type ChatbotAnswerDto = z.infer<typeof chatbotAnswerSchema>;
export type ChatbotConversationDto = z.infer<typeof conversationDtoSchema>;
export type ChatbotMessageDto = z.infer<typeof chatbotMessageSchema>;
export type ChatbotConversationDetailDto = z.infer<typeof conversationDetailSchema>;
export type ChatbotPromptDto = z.infer<typeof chatbotPromptSchema>;
export type KnowledgeArticleListItemDto = z.infer<typeof knowledgeArticleListItemSchema>;
export type KnowledgeArticleDto = z.infer<typeof knowledgeArticleSchema>;
export type KnowledgeOrigin = z.infer<typeof knowledgeOriginSchema>;
export type KnowledgeOriginDetail = z.infer<typeof knowledgeOriginDetailSchema>;
export type ChatbotLedgerRowDto = z.infer<typeof ledgerRowDtoSchema>;
export type InquiryDto = z.infer<typeof inquiryDtoSchema>;
/** GET /api/projects/:id/boq, the LV view. */
export type BoqView = z.infer<typeof boqViewSchema>;
export type BoqPosition = z.infer<typeof boqPositionSchema>;
export type BoqFinding = z.infer<typeof boqFindingSchema>;
export type BoqMoney = z.infer<typeof boqMoneySchema>;
export type BoqDecision = z.infer<typeof boqDecisionSchema>;
export type BoqPotential = z.infer<typeof boqPotentialSchema>;
