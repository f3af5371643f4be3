import type { CurrentUser } from "../../common/types";
import type { SessionUser } from "./sessions";

export const toCurrentUser = (u: SessionUser, isImpersonating = false): CurrentUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  companyId: u.companyId,
  isImpersonating,
});
