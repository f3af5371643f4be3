// The keys of the company picker's WAI-ARIA combobox (arrows, Home/End, Enter, Tab), apart from
// the component that holds the state they change.
import type { KeyboardEvent } from "react";

export interface ComboboxKeyActions {
  open: boolean;
  /** Options listed. */
  count: number;
  openList: () => void;
  close: () => void;
  move: (update: (index: number) => number) => void;
  /** Picks the highlighted option, if any. */
  pick: () => void;
}

/** The WAI-ARIA combobox keys: arrows open and move, Home/End jump, Enter picks, Tab leaves. */
export function comboboxKey(e: KeyboardEvent<HTMLInputElement>, a: ComboboxKeyActions): void {
  switch (e.key) {
    case "ArrowDown":
      e.preventDefault();
      if (!a.open) a.openList();
      else a.move((i) => Math.min(i + 1, a.count - 1));
      break;
    case "ArrowUp":
      e.preventDefault();
      if (!a.open) a.openList();
      else a.move((i) => Math.max(i - 1, 0));
      break;
    case "Home":
    case "End":
      if (a.open && a.count) {
        e.preventDefault();
        a.move(() => (e.key === "Home" ? 0 : a.count - 1));
      }
      break;
    case "Enter":
      // Enter picks the highlighted option; it never submits the form while the list is open.
      if (a.open) {
        e.preventDefault();
        a.pick();
      }
      break;
    case "Tab":
      a.close();
      break;
  }
}
