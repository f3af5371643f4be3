// A file chooser showing the chosen file's name and size (used by the create and upload dialogs).
import { useId, useRef } from "react";
import { FileUp, X } from "lucide-react";
import { formatBytes } from "../../common/format";
import { Button } from "../components/ui/button";
import { cn } from "../lib/utils";

export function FileDropInput(props: {
  id?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  accept?: string;
  disabled?: boolean;
  invalid?: boolean;
  hint?: string;
  label: string;
}) {
  const fallbackId = useId();
  const id = props.id ?? fallbackId;
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div
      className={cn(
        "rounded-lg border-2 border-dashed p-4 text-sm",
        props.invalid ? "border-red-400 bg-red-50/50" : "border-slate-300 bg-slate-50",
      )}
    >
      <input
        ref={ref}
        id={id}
        type="file"
        aria-label={props.label}
        accept={props.accept}
        disabled={props.disabled}
        aria-invalid={props.invalid}
        className="sr-only"
        onChange={(e) => props.onChange(e.target.files?.[0] ?? null)}
      />
      {props.file ? (
        <div className="flex items-center gap-3">
          <FileUp className="size-5 shrink-0 text-brand-600" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" data-testid="chosen-file">
              {props.file.name}
            </p>
            <p className="text-xs text-slate-500">{formatBytes(props.file.size)}</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Datei entfernen"
            disabled={props.disabled}
            onClick={() => {
              if (ref.current) ref.current.value = "";
              props.onChange(null);
            }}
          >
            <X />
          </Button>
        </div>
      ) : (
        <label htmlFor={id} className="flex cursor-pointer flex-col items-center gap-2 py-2 text-center">
          <FileUp className="size-6 text-slate-400" />
          <span className="font-medium text-brand-700">Datei auswählen</span>
          {props.hint ? <span className="text-xs text-slate-500">{props.hint}</span> : null}
        </label>
      )}
    </div>
  );
}
