import type { CurrentUser } from "../../common/types";
import type { SecondFactorState, SessionUser } from "./sessions";

export const toCurrentUser = (u: SessionUser, isImpersonating = false, mfa?: SecondFactorState): CurrentUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  companyId: u.companyId,
  isImpersonating,
  mfaEnabled: u.totpEnabledAt !== null,
  passkeyCount: mfa?.passkeys ?? 0,
  mfaSetupRequired: mfa?.setupRequired ?? false,
});
