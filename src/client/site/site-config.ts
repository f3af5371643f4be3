// The run-time site details on the client: the JSON block the server put into the page, or the
// tokens while pre-rendering (the server replaces them in the HTML, so both sides match).
import { SITE_CONFIG_ID, SITE_TOKENS, type SiteConfig } from "../../common/site-config";

let cached: SiteConfig | null = null;

/** Without a server (vite dev) the page says plainly that nothing is configured. */
const unconfigured = (origin: string): SiteConfig => {
  const missing = "(nicht konfiguriert)";
  return {
    publicOrigin: origin,
    operator: {
      company: missing,
      street: missing,
      city: missing,
      representatives: missing,
      email: missing,
      phone: missing,
      phoneHref: "",
      vatId: missing,
      register: missing,
      notice: "",
    },
    processors: { llm: missing, mail: missing },
  };
};

export function siteConfig(): SiteConfig {
  if (typeof document === "undefined") return SITE_TOKENS;
  if (cached) return cached;
  try {
    const text = document.getElementById(SITE_CONFIG_ID)?.textContent;
    if (text) cached = JSON.parse(text) as SiteConfig;
  } catch {
    /* a broken block falls back below */
  }
  cached ??= unconfigured(window.location.origin);
  return cached;
}
