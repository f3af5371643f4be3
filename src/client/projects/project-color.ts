// The project icon colour: one of 10, chosen by a hash of the name (the same name always gets
// the same colour).
export const PROJECT_PALETTE = [
  "bg-blue-600",
  "bg-emerald-600",
  "bg-violet-600",
  "bg-amber-500",
  "bg-rose-600",
  "bg-cyan-600",
  "bg-indigo-600",
  "bg-lime-600",
  "bg-orange-600",
  "bg-teal-600",
] as const;

export function nameHash(name: string): number {
  let h = 0;
  for (const ch of name) h = (Math.imul(h, 31) + ch.codePointAt(0)!) | 0;
  return Math.abs(h);
}

export const projectColor = (name: string) => PROJECT_PALETTE[nameHash(name) % PROJECT_PALETTE.length];
