// German number formats for the landing page without Intl: the first Intl.NumberFormat of a
// page loads ICU data, a ~180 ms main-thread task on a throttled phone (profiled), enough to
// miss the landing page's performance bar. Output is identical to formatEuro of
// src/common/format.ts (euro.test.ts compares both over many values).

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");

/**
 * |n| rounded half away from zero to two decimals on its shortest decimal form (what Intl
 * rounds: 2246.325 → 2246.33, although the double is slightly below).
 */
function twoDecimals(n: number): { whole: string; frac: string } {
  const s = String(Math.abs(n));
  if (s.includes("e")) {
    const [w, f] = Math.abs(n).toFixed(2).split(".");
    return { whole: w, frac: f };
  }
  let [whole, frac = ""] = s.split(".");
  if (frac.length > 2) {
    const up = frac[2] >= "5";
    frac = frac.slice(0, 2);
    if (up) {
      const sum = (BigInt(whole + frac) + 1n).toString().padStart(3, "0");
      whole = sum.slice(0, -2);
      frac = sum.slice(-2);
    }
  }
  return { whole, frac: frac.padEnd(2, "0") };
}

const sign = (n: number, whole: string, frac: string) => (n < 0 && /[1-9]/.test(whole + frac) ? "-" : "");

/** 1.234,56 € (with a no-break space, like Intl's de-DE currency format). */
export function euro(n: number): string {
  const { whole, frac } = twoDecimals(n);
  return `${sign(n, whole, frac)}${groupThousands(whole)},${frac}\u00a0€`;
}

/** Up to two decimals, trailing zeros dropped: 24,75 · 2.500 */
export function decimal(n: number): string {
  const { whole, frac } = twoDecimals(n);
  const rest = frac.replace(/0+$/, "");
  return `${sign(n, whole, frac)}${groupThousands(whole)}${rest ? `,${rest}` : ""}`;
}
