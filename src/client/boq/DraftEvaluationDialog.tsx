// "Auswertungsentwurf erstellen" on an order: the machine draft is rendered on the server, the
// super admin reviews and edits it, downloads it or publishes it as the project's evaluation
// through the normal evaluation upload.
import { useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Send } from "lucide-react";
import { formatEuro } from "../../common/format";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Textarea } from "../components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import type { BoqView } from "../../common/types";

/** Opened from an order: loads the draft, shows the LV's price, lets the admin edit and publish. */
export function DraftEvaluationDialog({
  projectId,
  projectName,
  onClose,
}: {
  projectId: number;
  projectName: string;
  onClose: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [html, setHtml] = useState("");
  const [fileName, setFileName] = useState("Auswertung.html");
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();

  const { data: boq } = useQuery<BoqView>({ queryKey: [`/api/projects/${projectId}/boq`] });
  const close = () => {
    setOpen(false);
    onClose();
  };

  const create = async () => {
    setBusy(true);
    try {
      const draft = await apiRequest<{ html: string; fileName: string }>("POST", `/api/projects/${projectId}/evaluation-draft`);
      setHtml(draft.html);
      setFileName(draft.fileName);
      setOpen(true);
    } catch (err) {
      toast({
        title: "Fehler beim Erstellen",
        description: errorMessage(err, "Der Entwurf konnte nicht erstellt werden."),
        variant: "destructive",
      });
      onClose();
    } finally {
      setBusy(false);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: fileName });
    a.click();
    URL.revokeObjectURL(url);
  };

  const publish = async () => {
    setBusy(true);
    try {
      const form = new FormData();
      form.append("htmlFile", new File([html], fileName, { type: "text/html" }));
      await apiRequest("POST", `/api/projects/${projectId}/upload-html`, form);
      await qc.invalidateQueries({ queryKey: ["/api/projects"] });
      await qc.invalidateQueries({ queryKey: [`/api/projects/${projectId}`] });
      toast({ title: "Auswertung veröffentlicht", description: "HTML-Datei wurde erfolgreich hochgeladen" });
      close();
    } catch (err) {
      toast({
        title: "Fehler beim Hochladen der HTML-Datei",
        description: errorMessage(err, "Unbekannter Fehler"),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    void create();
    // Runs once per opened order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId]);

  return (
    <>
      <Dialog open={open} onOpenChange={(o) => (o ? setOpen(true) : close())}>
        <DialogContent className="max-w-5xl">
          <DialogHeader>
            <DialogTitle>Auswertungsentwurf – {projectName}</DialogTitle>
            <DialogDescription>
              Aus der automatischen Vorprüfung erstellt. Prüfen und bearbeiten Sie den Entwurf, bevor Sie ihn veröffentlichen.
            </DialogDescription>
            {boq?.prices ? (
              <p className="text-sm text-slate-700" data-testid="order-prices">
                {boq.chargeablePositions} abrechenbare Positionen · Kalkulationspaket {formatEuro(boq.prices.kalkulationspaket)} ·
                Ausführungspaket {formatEuro(boq.prices.ausfuehrungspaket)} (netto)
              </p>
            ) : null}
          </DialogHeader>
          <Tabs defaultValue="preview">
            <TabsList>
              <TabsTrigger value="preview">Vorschau</TabsTrigger>
              <TabsTrigger value="edit">HTML bearbeiten</TabsTrigger>
            </TabsList>
            <TabsContent value="preview">
              <iframe title="Vorschau der Auswertung" sandbox="" srcDoc={html} className="h-[60vh] w-full rounded-md border bg-white" />
            </TabsContent>
            <TabsContent value="edit">
              <Textarea
                aria-label="HTML der Auswertung"
                value={html}
                onChange={(e) => setHtml(e.target.value)}
                className="h-[60vh] font-mono text-xs"
                spellCheck={false}
              />
            </TabsContent>
          </Tabs>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Abbrechen
            </Button>
            <Button variant="secondary" onClick={download}>
              <Download /> Herunterladen
            </Button>
            <Button onClick={publish} disabled={busy || !html.trim()}>
              <Send /> Als Auswertung veröffentlichen
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
