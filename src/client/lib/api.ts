// The request helper and the generic query reader of requirements 1.7, with the 401 rules of
// section 8: redirect to /auth with a toast, except for the login call itself.
import { toast } from "../hooks/use-toast";
import { clearSession, storeRedirect } from "./session";

export const SESSION_EXPIRED = "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.";
export const NOT_AUTHORIZED = "Nicht autorisiert - Bitte anmelden";

/** Error text is "status: body" like the spec says; `message` is the server's message if any. */
export class RequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: string,
    public readonly serverMessage: string | null,
    public readonly errors?: Record<string, string>,
  ) {
    super(`${status}: ${body}`);
  }
}

export function parseServerMessage(body: string): { message: string | null; errors?: Record<string, string> } {
  try {
    const json = JSON.parse(body) as { message?: unknown; errors?: Record<string, string> };
    return { message: typeof json.message === "string" ? json.message : null, errors: json.errors };
  } catch {
    return { message: null };
  }
}

const onAuthPage = () => window.location.pathname.startsWith("/auth");

// After a deliberate logout the 401s of queries still in flight are expected, not an expiry.
let loggingOut = false;
export const markLoggingOut = () => {
  loggingOut = true;
};

function redirectToAuth(delayMs: number, message: string) {
  if (onAuthPage() || loggingOut) return;
  const here = window.location.pathname + window.location.search;
  if (here.startsWith("/dashboard")) storeRedirect(here);
  clearSession();
  toast({ title: "Nicht angemeldet", description: message, variant: "destructive" });
  window.setTimeout(() => window.location.assign("/auth"), delayMs);
}

/** Where a user who must set up a second factor first is led (403 { code: "mfa_required" }). */
export const MFA_ENROLMENT_PATH = "/dashboard/settings?tab=konto";

async function throwIfNotOk(res: Response) {
  if (res.ok) return;
  const body = (await res.text()) || res.statusText;
  const { message, errors } = parseServerMessage(body);
  if (res.status === 403 && body.includes('"mfa_required"') && !window.location.pathname.startsWith("/dashboard/settings")) {
    window.location.assign(MFA_ENROLMENT_PATH);
  }
  throw new RequestError(res.status, body, message, errors);
}

export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const url = path.startsWith("/") ? path : `/${path}`;
  const isRaw = body instanceof FormData || body instanceof Blob;
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body !== undefined && !isRaw ? { "Content-Type": "application/json" } : undefined,
    body: body === undefined ? undefined : isRaw ? (body as BodyInit) : JSON.stringify(body),
    ...init,
  });
  // The sign-in calls (password, code step, passkey) show their own errors.
  if (res.status === 401 && url !== "/api/login" && !url.startsWith("/api/login/")) redirectToAuth(0, SESSION_EXPIRED);
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The query reader: GET on the first key element, no caching; on 401 null or a redirect. */
export const getQueryFn =
  <T>(opts: { on401: "returnNull" | "throw" } = { on401: "throw" }) =>
  async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T> => {
    const res = await fetch(String(queryKey[0]), { credentials: "include", cache: "no-store" });
    if (res.status === 401) {
      if (opts.on401 === "returnNull") {
        // Read the body anyway: an unread response keeps its request open (seen in Chromium).
        await res.text().catch(() => "");
        return null as T;
      }
      redirectToAuth(100, NOT_AUTHORIZED);
    }
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };

/** The message to show for a failed call: the server's, else the given fallback. */
export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof RequestError ? (err.serverMessage ?? fallback) : err instanceof Error && err.message ? err.message : fallback;

/** A paged list read like the query reader (401 → redirect): the rows and X-Total-Count. */
export async function getListPage<T>(url: string, init: RequestInit = {}): Promise<{ items: T[]; total: number }> {
  const res = await fetch(url, { credentials: "include", cache: "no-store", ...init });
  if (res.status === 401) redirectToAuth(100, NOT_AUTHORIZED);
  await throwIfNotOk(res);
  const items = (await res.json()) as T[];
  const total = Number(res.headers.get("X-Total-Count"));
  return { items, total: Number.isFinite(total) && res.headers.has("X-Total-Count") ? total : items.length };
}
