// Browser and operating system from a User-Agent header, for the session list in Einstellungen →
// Konto. Deliberately small: the common desktop and mobile browsers, nothing is trusted from it.

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\b(?:OPR|Opera)\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/\bCriOS\/(\d+)/, "Chrome"],
  [/\bHeadlessChrome\/(\d+)/, "Chrome (headless)"],
  [/\bChrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string | ((m: RegExpMatchArray) => string)][] = [
  [/Windows NT 10/, "Windows"],
  [/Windows NT 6\.3/, "Windows 8.1"],
  [/Windows NT 6\.1/, "Windows 7"],
  [/Windows/, "Windows"],
  [/iPhone OS (\d+)/, (m) => `iOS ${m[1]}`],
  [/iPad.*OS (\d+)/, (m) => `iPadOS ${m[1]}`],
  [/Android (\d+)/, (m) => `Android ${m[1]}`],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X/, "macOS"],
  [/Linux/, "Linux"],
];

export const UNKNOWN_BROWSER = "Unbekannter Browser";
export const UNKNOWN_OS = "Unbekanntes System";

export function parseUserAgent(ua: string | null | undefined): { browser: string; os: string } {
  if (!ua) return { browser: UNKNOWN_BROWSER, os: UNKNOWN_OS };
  let browser = UNKNOWN_BROWSER;
  for (const [re, name] of BROWSERS) {
    const m = ua.match(re);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  let os = UNKNOWN_OS;
  for (const [re, name] of SYSTEMS) {
    const m = ua.match(re);
    if (m) {
      os = typeof name === "string" ? name : name(m);
      break;
    }
  }
  return { browser, os };
}
