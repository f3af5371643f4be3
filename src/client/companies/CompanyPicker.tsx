// The one company chooser of the admin dialogs (create project, invite user, manage user): a
// WAI-ARIA combobox that searches on the server (GET /api/companies?q=…&limit=20&sort=name),
// so no screen loads the whole company list. The selected company's name comes from the caller
// (e.g. the user DTO's companyName) or from GET /api/companies/:id when only the id is known.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Check, ChevronsUpDown } from "lucide-react";
import type { CompanyDto } from "../../common/types";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { getListPage } from "../lib/api";
import { pagedListKey, pagedListUrl, SEARCH_DEBOUNCE_MS } from "../lib/use-paged-list";
import { cn } from "../lib/utils";

export const COMPANY_PICKER_LIMIT = 20;
const SORT = "name";

interface Option {
  id: number | null;
  label: string;
}

export interface CompanyPickerProps {
  /** The input's id, for the field's <label htmlFor>. */
  id: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** The selected company's name when the caller already has it; saves the request by id. */
  selectedName?: string | null;
  /** Offers "no company" as the first option under this label (e.g. 'Kein Unternehmen'). */
  noneLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** The id of the field's error text. */
  describedBy?: string;
}

export function CompanyPicker({ id, value, onChange, selectedName, noneLabel, placeholder, disabled, invalid, describedBy }: CompanyPickerProps) {
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  // null: not typing, the input shows the selection; a string: the search text as typed.
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  // The name of the option picked here, so the selection shows without asking the server.
  const [picked, setPicked] = useState<Option | null>(null);

  const knownName = value === null ? null : picked?.id === value ? picked.label : (selectedName ?? null);
  const byId = useQuery<CompanyDto>({ queryKey: [`/api/companies/${value}`], enabled: value !== null && knownName === null });
  const selectedLabel = value === null ? (noneLabel ?? "") : (knownName ?? byId.data?.name ?? `Unternehmen ${value}`);

  const term = useDebouncedValue((typed ?? "").trim(), SEARCH_DEBOUNCE_MS);
  const request = { limit: COMPANY_PICKER_LIMIT, q: term, sort: SORT };
  const search = useQuery({
    queryKey: pagedListKey("/api/companies", request),
    queryFn: ({ signal }) => getListPage<CompanyDto>(pagedListUrl("/api/companies", request), { signal }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const stale = search.isPlaceholderData || term !== (typed ?? "").trim();
  const rows = search.data?.items ?? [];
  const options: Option[] = [
    ...(noneLabel && term === "" ? [{ id: null, label: noneLabel }] : []),
    ...rows.map((c) => ({ id: c.id, label: c.name })),
  ];
  const optionId = (i: number) => `${listId}-option-${i}`;

  const close = () => {
    setOpen(false);
    setTyped(null);
    setActive(-1);
  };
  const choose = (o: Option) => {
    setPicked(o);
    onChange(o.id);
    close();
  };
  const openList = () => {
    if (disabled || open) return;
    setOpen(true);
    setActive(-1);
  };

  // A new answer: highlight the current selection if it is listed, else the first option.
  useEffect(() => {
    if (!open) return;
    const current = options.findIndex((o) => o.id === value);
    setActive(typed === null && current >= 0 ? current : options.length ? 0 : -1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the listed options change
  }, [open, search.data, term]);

  useEffect(() => {
    if (active < 0) return;
    list.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: "nearest" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  // Escape closes the list, not the dialog around it: Radix listens on the document in the
  // capture phase and leaves an already prevented Escape alone, so prevent it before that.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape" || e.target !== input.current) return;
      e.preventDefault();
      close();
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(i + 1, options.length - 1));
        break;
      case "ArrowUp":
        e.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(i - 1, 0));
        break;
      case "Home":
      case "End":
        if (open && options.length) {
          e.preventDefault();
          setActive(e.key === "Home" ? 0 : options.length - 1);
        }
        break;
      case "Enter":
        // Enter picks the highlighted option; it never submits the form while the list is open.
        if (open) {
          e.preventDefault();
          if (active >= 0 && options[active] && !stale) choose(options[active]);
        }
        break;
      case "Tab":
        close();
        break;
    }
  };

  const total = search.data?.total;
  const status = !open
    ? ""
    : search.isError
      ? "Unternehmen konnten nicht geladen werden"
      : search.isPending || stale
        ? "Unternehmen werden gesucht..."
        : rows.length === 0
          ? "Keine Unternehmen gefunden"
          : total !== undefined && total > rows.length
            ? `${rows.length} von ${total} Unternehmen – Suchbegriff eingeben, um einzugrenzen`
            : `${rows.length} Unternehmen gefunden`;

  return (
    <div className="relative">
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        placeholder={placeholder}
        value={typed ?? selectedLabel}
        onChange={(e) => {
          setTyped(e.target.value);
          if (!open) setOpen(true);
        }}
        onFocus={(e) => e.target.select()}
        onClick={() => (open ? undefined : openList())}
        onBlur={close}
        onKeyDown={onKeyDown}
        className="flex h-10 w-full rounded-md border border-slate-300 bg-white py-2 pl-3 pr-9 text-sm placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-red-500"
      />
      <ChevronsUpDown aria-hidden className="pointer-events-none absolute right-3 top-3 size-4 text-slate-400" />
      {/* In the flow, not floating: the dialogs scroll, and a floating list would be cut off. */}
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-label="Gefundene Unternehmen"
        hidden={!open || options.length === 0}
        // Keep the focus in the input, so the list does not close before a click lands.
        onMouseDown={(e) => e.preventDefault()}
        className="mt-1 max-h-60 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-sm"
      >
        {options.map((o, i) => (
          <li
            key={o.id ?? "none"}
            id={optionId(i)}
            role="option"
            aria-selected={o.id === value}
            onClick={() => choose(o)}
            onMouseMove={() => active !== i && setActive(i)}
            className={cn(
              "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800",
              i === active && "bg-brand-100 text-brand-900",
              o.id === null && "italic text-slate-600",
              stale && "opacity-60",
            )}
          >
            <Check aria-hidden className={cn("size-4 shrink-0", o.id === value ? "opacity-100" : "opacity-0")} />
            {o.label}
          </li>
        ))}
      </ul>
      <p role="status" aria-live="polite" className={cn("mt-1 text-xs text-slate-600", !open && "sr-only")}>
        {status}
      </p>
    </div>
  );
}
