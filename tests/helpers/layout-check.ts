// Runs in the page (page.evaluate): what reaches past the viewport and which boxes their content
// spills out of, including words broken across lines — an element narrower than its text.
// Shared by tests/e2e/layout-overflow.test.ts and tests/e2e/mobile-390.test.ts.
/**
 * Runs in the page: what reaches past the viewport (outside a scroll container that itself
 * fits), and which boxes their content spills out of (a word or a row too wide for its card).
 */
export function findOverflow(): string[] {
  const vw = document.documentElement.clientWidth;
  const problems: string[] = [];
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${String(el.getAttribute("class") ?? "").slice(0, 60)} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
  // Visually hidden (sr-only: 1 px, clipped) counts as hidden too.
  const hidden = (el: Element) => !el.checkVisibility({ visibilityProperty: true }) || el.closest(".sr-only") !== null;
  /** Inside a box (from `from` up) that scrolls or clips sideways and fits on the screen itself. */
  const contained = (from: Element | null) => {
    for (let a = from; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== "visible") {
        const r = a.getBoundingClientRect();
        return r.left >= -1 && r.right <= vw + 1;
      }
    }
    return false;
  };
  const outside = (r: DOMRect) => r.width > 0 && r.height > 0 && (r.right > vw + 1 || r.left < -1);
  if (document.documentElement.scrollWidth > vw + 1)
    problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
  for (const el of document.body.querySelectorAll("*")) {
    // An icon's shapes are measured through their <svg> (which clips them).
    if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;
    if (hidden(el)) continue;
    if (outside(el.getBoundingClientRect()) && !contained(el.parentElement)) problems.push(`wider than the screen: ${describe(el)}`);
    const s = getComputedStyle(el);
    if (s.overflowX === "visible" && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && s.position !== "fixed") {
      problems.push(`content spills out (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (!parent || !n.textContent?.trim() || hidden(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    if ([...range.getClientRects()].some(outside) && !contained(parent)) problems.push(`text wider than the screen: ${describe(parent)}`);
    // A word broken across two lines (the last resort of overflow-wrap) reads as cut; boxes that
    // break addresses on purpose (overflow-wrap: anywhere) and soft hyphens are fine.
    if (getComputedStyle(parent).overflowWrap === "anywhere") continue;
    for (const word of n.textContent.matchAll(/[^\s/–-]{4,}/g)) {
      if (word[0].includes("\u00ad")) continue;
      range.setStart(n, word.index);
      range.setEnd(n, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) problems.push(`word broken across lines: "${word[0]}" in ${describe(parent)}`);
    }
  }
  return [...new Set(problems)];
}
