import type { CurrentUser } from "../../common/types";
import { useCurrentUser } from "../hooks/use-current-user";

/** The signed-in user inside protected routes (ProtectedRoute guarantees it is loaded). */
export function useSessionUser(): CurrentUser {
  const { data } = useCurrentUser();
  if (!data) throw new Error("useSessionUser outside a protected route");
  return data;
}
