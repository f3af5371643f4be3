import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../common/types";
import { getQueryFn } from "../lib/api";

export const USER_KEY = ["/api/user"] as const;

/**
 * The signed-in user, or null (401). Other failures retry every 500 ms; after more than three
 * attempts the shell shows its authentication-error screen (requirements 2.2).
 */
export function useCurrentUser(opts: { enabled?: boolean } = {}) {
  return useQuery<CurrentUser | null>({
    queryKey: USER_KEY,
    queryFn: getQueryFn<CurrentUser | null>({ on401: "returnNull" }),
    retry: 3,
    retryDelay: 500,
    enabled: opts.enabled ?? true,
  });
}
