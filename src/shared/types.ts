// JSON shapes of the API, shared by server and client.
import type { Role } from "./roles";

export interface CurrentUser {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  companyId: number | null;
  isImpersonating: boolean;
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

export interface UserDto {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  companyId: number | null;
  companyName: string | null;
  lastAccessAt: string | null;
  createdAt: string;
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
