// Run-time site details for the public pages (operator for /impressum and /agb, canonical
// origin). The pages are pre-rendered at build time with the tokens below; the server replaces
// the tokens in the served HTML and adds the same values as a JSON block (#site-config), which
// the client reads so hydration sees identical text.

export interface OperatorInfo {
  company: string;
  street: string;
  city: string;
  representatives: string;
  email: string;
  phone: string;
  /** The phone number as a tel: target (no spaces). */
  phoneHref: string;
  vatId: string;
  register: string;
  /** Empty, or the note that the details are a sample (development without OPERATOR_*). */
  notice: string;
}

/** Processors named in the privacy policy, as whole German sentences (set or not set). */
export interface ProcessorInfo {
  llm: string;
  mail: string;
}

export interface SiteConfig {
  publicOrigin: string;
  operator: OperatorInfo;
  processors: ProcessorInfo;
}

const token = (name: string) => `__BK_${name}__`;

/** What the pre-renderer renders; every value is a token the server replaces. */
export const SITE_TOKENS: SiteConfig = {
  publicOrigin: token("PUBLIC_ORIGIN"),
  operator: {
    company: token("OPERATOR_COMPANY"),
    street: token("OPERATOR_STREET"),
    city: token("OPERATOR_CITY"),
    representatives: token("OPERATOR_REPRESENTATIVES"),
    email: token("OPERATOR_EMAIL"),
    phone: token("OPERATOR_PHONE"),
    phoneHref: token("OPERATOR_PHONE_HREF"),
    vatId: token("OPERATOR_VAT_ID"),
    register: token("OPERATOR_REGISTER"),
    notice: token("OPERATOR_NOTICE"),
  },
  processors: { llm: token("PROCESSOR_LLM"), mail: token("PROCESSOR_MAIL") },
};

/** Where the server puts the JSON block (written into every pre-rendered head). */
export const SITE_CONFIG_MARKER = "<!--site-config-->";
export const SITE_CONFIG_ID = "site-config";

export const phoneHref = (phone: string) => phone.replace(/[^\d+]/g, "");

/** Token → value pairs, for the server's substitution. */
export function siteTokenValues(config: SiteConfig): [string, string][] {
  const pairs: [string, string][] = [[SITE_TOKENS.publicOrigin, config.publicOrigin]];
  for (const key of Object.keys(SITE_TOKENS.operator) as (keyof OperatorInfo)[]) {
    pairs.push([SITE_TOKENS.operator[key], config.operator[key]]);
  }
  for (const key of Object.keys(SITE_TOKENS.processors) as (keyof ProcessorInfo)[]) {
    pairs.push([SITE_TOKENS.processors[key], config.processors?.[key] ?? ""]);
  }
  return pairs;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
/** A JSON string's inner text, safe inside a <script> element. */
const escapeJsonInScript = (s: string) => JSON.stringify(s).slice(1, -1).replace(/</g, "\\u003c");
const jsonBlock = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * Fills the tokens of a pre-rendered page: inside JSON-LD blocks as JSON text, everywhere else
 * HTML-escaped; then puts the #site-config JSON block at the marker (or before </head>).
 */
export function fillSiteConfig(html: string, config: SiteConfig): string {
  const pairs = siteTokenValues(config);
  const filled = html
    .replace(/(<script type="application\/ld\+json">)([\s\S]*?)(<\/script>)/g, (_m, open: string, body: string, close: string) => {
      let b = body;
      for (const [t, v] of pairs) b = b.split(t).join(escapeJsonInScript(v));
      return open + b + close;
    })
    .split(/(<script type="application\/ld\+json">[\s\S]*?<\/script>)/)
    .map((part) => {
      if (part.startsWith('<script type="application/ld+json">')) return part;
      let p = part;
      for (const [t, v] of pairs) p = p.split(t).join(escapeHtml(v));
      return p;
    })
    .join("");
  const block = `<script type="application/json" id="${SITE_CONFIG_ID}">${jsonBlock(config)}</script>`;
  if (filled.includes(SITE_CONFIG_MARKER)) return filled.replace(SITE_CONFIG_MARKER, block);
  return filled.replace("</head>", `    ${block}\n  </head>`);
}
