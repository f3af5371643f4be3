// The one company chooser of the admin dialogs (create project, invite user, manage user): a
// WAI-ARIA combobox that searches on the server (GET /api/companies?q=…&limit=20&sort=name),
// so no screen loads the whole company list. The selected company's name comes from the caller
// (e.g. the user DTO's companyName) or from GET /api/companies/:id when only the id is known.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { ChevronsUpDown } from "lucide-react";
import type { CompanyDto } from "../../common/types";
import { cn } from "../lib/utils";
import { comboboxKey } from "./combobox-keys";
import { CompanyOptionList } from "./CompanyOptionList";
import { useCompanySearch, type CompanyOption as Option } from "./company-search";

export { COMPANY_PICKER_LIMIT } from "./company-search";

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

export function CompanyPicker({
  id,
  value,
  onChange,
  selectedName,
  noneLabel,
  placeholder,
  disabled,
  invalid,
  describedBy,
}: CompanyPickerProps) {
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

  const { term, answer, options, stale, status } = useCompanySearch({ open, typed, noneLabel });
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
  }, [open, answer, term]);

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

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) =>
    comboboxKey(e, {
      open,
      count: options.length,
      openList,
      close,
      move: setActive,
      pick: () => {
        if (active >= 0 && options[active] && !stale) choose(options[active]);
      },
    });

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
      <CompanyOptionList
        id={listId}
        listRef={list}
        options={options}
        open={open}
        active={active}
        value={value}
        stale={stale}
        optionId={optionId}
        onChoose={choose}
        onHighlight={setActive}
      />
      <p role="status" aria-live="polite" className={cn("mt-1 text-xs text-slate-600", !open && "sr-only")}>
        {status}
      </p>
    </div>
  );
}
