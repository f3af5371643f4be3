// Plain class strings for the public pages' buttons and sections. The landing page avoids the
// tailwind-merge based primitives to stay within its JavaScript budget (docs/architecture.md).
const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  accent: "bg-accent-500 text-slate-900 hover:bg-accent-400",
  outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  onDark: "border border-white/30 bg-white/10 text-white hover:bg-white/20",
} as const;

const sizes = { sm: "h-9 px-3 text-sm", md: "h-10 px-4 text-sm", lg: "h-12 px-6 text-base" } as const;

export function buttonClass(variant: keyof typeof variants = "primary", size: keyof typeof sizes = "md", extra = "") {
  return `${base} ${variants[variant]} ${sizes[size]}${extra ? ` ${extra}` : ""}`;
}

/**
 * Sections sit below the fixed header when reached through an anchor. Below the first screen
 * the browser skips their layout and paint until they come near (content-visibility), which
 * halves the landing page's first layout on phones; the remembered size keeps scrolling steady.
 */
export const sectionClass = "scroll-mt-16 py-16 sm:py-24";
export const containerClass = "mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8";
export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60 aria-[invalid=true]:border-red-500";
