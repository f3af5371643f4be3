// Logo upload of the Unternehmen tab (requirements 2.2, 2.5, 2.9): images only, at most 2 MB,
// recommended 512x512 px. The sidebar shows the new logo right after the upload.
import { useRef } from "react";
import { useMutation } from "@tanstack/react-query";
import { ImageUp } from "lucide-react";
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES } from "../../common/schemas/company";
import type { CompanyDto } from "../../common/types";
import { Button } from "../components/ui/button";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { queryClient } from "../lib/query-client";

// The server checks the bytes and refuses SVG (it can carry scripts), so the client does too.
const ACCEPTED: readonly string[] = LOGO_MIME_TYPES;

/** The first problem with a chosen logo file, as the toast of requirements 2.5 shows it. */
export function logoFileProblem(file: { type: string; size: number }): { title: string; description: string } | null {
  if (!ACCEPTED.includes(file.type))
    return { title: "Ungültiger Dateityp", description: "Bitte wählen Sie ein Bild im Format PNG, JPG, WebP oder GIF." };
  if (file.size > LOGO_MAX_BYTES) return { title: "Datei zu groß", description: "Die Datei darf maximal 2MB groß sein." };
  return null;
}

export function CompanyLogoUpload({ company }: { company: CompanyDto }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("logo", file);
      return apiRequest<{ logo: string }>("POST", `/api/companies/${company.id}/logo`, body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [`/api/companies/${company.id}`] });
      void queryClient.invalidateQueries({ queryKey: ["/api/companies"] });
      toast({ title: "Logo hochgeladen", description: "Das neue Logo wird jetzt in der Seitenleiste angezeigt." });
    },
    onError: (err) =>
      toast({
        title: "Fehler beim Hochladen",
        description: errorMessage(err, "Das Logo konnte nicht hochgeladen werden."),
        variant: "destructive",
      }),
  });

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) return toast({ ...problem, variant: "destructive" });
    upload.mutate(file);
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-slate-50">
        {company.logo ? (
          <img
            src={company.logo}
            alt={`Logo ${company.name}`}
            className="size-full object-contain p-1"
            data-testid="company-logo-preview"
          />
        ) : (
          <span className="px-2 text-center text-xs text-slate-500">Kein Logo</span>
        )}
      </div>
      <div className="space-y-2">
        <input
          ref={input}
          type="file"
          accept={ACCEPTED.join(",")}
          className="sr-only"
          id="company-logo"
          aria-label="Logo-Datei"
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <ImageUp /> {upload.isPending ? "Wird hochgeladen..." : company.logo ? "Logo ersetzen" : "Logo hochladen"}
        </Button>
        <p className="text-xs text-slate-500">Empfohlen: 512 × 512 px. PNG, JPG, WebP oder GIF, höchstens 2 MB.</p>
      </div>
    </div>
  );
}
