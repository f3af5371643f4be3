// Session markers in local storage (requirements 2.9): the signed-in user and the page to
// return to after login. The real session is the HttpOnly cookie; these only steer the UI.
import type { CurrentUser } from "../../common/types";

const USER_KEY = "bauklar.user";
const REDIRECT_KEY = "bauklar.redirect";

const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const storedUser = (): CurrentUser | null =>
  safe(() => JSON.parse(localStorage.getItem(USER_KEY) ?? "null") as CurrentUser | null, null);
export const storeUser = (u: CurrentUser) => safe(() => localStorage.setItem(USER_KEY, JSON.stringify(u)), undefined);
export const hasSessionMarker = () => safe(() => localStorage.getItem(USER_KEY) !== null, false);

/** A target of /dashboard is treated as the default /dashboard/. */
export const normalizeTarget = (path: string) => (path === "/dashboard" ? "/dashboard/" : path);

export const storeRedirect = (path: string) => safe(() => localStorage.setItem(REDIRECT_KEY, normalizeTarget(path)), undefined);
export const storedRedirect = () => safe(() => localStorage.getItem(REDIRECT_KEY), null);

export const clearRedirect = () => safe(() => localStorage.removeItem(REDIRECT_KEY), undefined);

export function clearSession() {
  safe(() => {
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(REDIRECT_KEY);
  }, undefined);
}

/** Only same-site dashboard paths are followed, never an absolute URL from the query string. */
export const isSafeTarget = (path: string | null): path is string =>
  !!path && path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/auth");
