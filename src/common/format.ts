// German date formats used across the product (de-DE, Europe/Berlin).
const TZ = "Europe/Berlin";
const toDate = (d: string | Date) => (d instanceof Date ? d : new Date(d));

/** dd.mm.yyyy */
export const formatDate = (d: string | Date) =>
  toDate(d).toLocaleDateString("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: TZ });

/** dd.MM.yyyy HH:mm */
export const formatDateTime = (d: string | Date) =>
  `${formatDate(d)} ${toDate(d).toLocaleTimeString("de-DE", { hour: "2-digit", minute: "2-digit", timeZone: TZ })}`;

/** dd.mm.yyyy um hh:mm (project detail) */
export const formatDateTimeUm = (d: string | Date) =>
  `${formatDate(d)} um ${toDate(d).toLocaleTimeString("de-DE", { hour: "2-digit", minute: "2-digit", timeZone: TZ })}`;

/** German long format, e.g. "15. März 2025" (demo project details). */
export const formatLongDate = (d: string | Date) =>
  toDate(d).toLocaleDateString("de-DE", { day: "numeric", month: "long", year: "numeric", timeZone: TZ });

/**
 * Relative creation time of requirements 1.4: under a minute 'Gerade eben', then minutes,
 * hours, days up to 7 days, after that dd.mm.yyyy.
 */
export function formatRelative(d: string | Date, now: Date = new Date()): string {
  const diffMs = now.getTime() - toDate(d).getTime();
  const minutes = Math.floor(diffMs / 60_000);
  if (minutes < 1) return "Gerade eben";
  if (minutes < 60) return `Vor ${minutes} ${minutes === 1 ? "Minute" : "Minuten"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Vor ${hours} ${hours === 1 ? "Stunde" : "Stunden"}`;
  const days = Math.floor(hours / 24);
  if (days <= 7) return `Vor ${days} ${days === 1 ? "Tag" : "Tagen"}`;
  return formatDate(d);
}

/** 1.234,56 € */
export const formatEuro = (n: number) => n.toLocaleString("de-DE", { style: "currency", currency: "EUR" });

/** File sizes in German notation (KB/MB). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toLocaleString("de-DE", { maximumFractionDigits: 1 })} KB`;
  return `${(n / 1024 / 1024).toLocaleString("de-DE", { maximumFractionDigits: 1 })} MB`;
}
