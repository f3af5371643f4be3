// The demo's relative times: minutes, hours or days followed by 'zuvor' (requirements 1.4).
export function formatAgo(createdAt: Date, now: Date): string {
  const minutes = Math.max(1, Math.floor((now.getTime() - createdAt.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} ${minutes === 1 ? "Minute" : "Minuten"} zuvor`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? "Stunde" : "Stunden"} zuvor`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? "Tag" : "Tage"} zuvor`;
}
