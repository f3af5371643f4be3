// Response schemas of the list routes (the items of each array) for the OpenAPI description and
// the response serializer. Each is checked against its DTO type in common/types.ts: a field added
// to one but not the other is a compile error, so the serializer never drops or refuses a field.
import { z } from "zod";
import { ROLES } from "../roles";
import type { ChatbotConversationDto, ChatbotLedgerRowDto, CompanyDto, InquiryDto, RegistrationLinkDto, UserDto } from "../types";

const id = z.number().int();
const isoTime = z.string();
const role = z.enum(ROLES);
const chatbotKind = z.enum(["legal", "construction"]);

export const userListItemSchema = z.object({
  id,
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role,
  companyId: id.nullable(),
  companyName: z.string().nullable(),
  lastAccessAt: isoTime.nullable(),
  createdAt: isoTime,
  mfaEnabled: z.boolean(),
  passkeyCount: z.number().int(),
});

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

export const conversationDtoSchema = z.object({
  id,
  chatbotType: chatbotKind,
  title: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
});

export const ledgerRowDtoSchema = z.object({
  companyId: id,
  companyName: z.string(),
  month: z.string(),
  freeCount: z.number().int(),
  paidCount: z.number().int(),
  amountCents: z.number().int(),
});

/** `true` only when A and B are the same type (both directions assignable). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time: every schema describes exactly its DTO. */
const exact: [
  Same<z.infer<typeof userListItemSchema>, UserDto>,
  Same<z.infer<typeof companyDtoSchema>, CompanyDto>,
  Same<z.infer<typeof registrationLinkDtoSchema>, RegistrationLinkDto>,
  Same<z.infer<typeof inquiryDtoSchema>, InquiryDto>,
  Same<z.infer<typeof conversationDtoSchema>, ChatbotConversationDto>,
  Same<z.infer<typeof ledgerRowDtoSchema>, ChatbotLedgerRowDto>,
] = [true, true, true, true, true, true];
void exact;
