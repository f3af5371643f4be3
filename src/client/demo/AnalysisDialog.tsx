// 'Analyseauswertung ansehen': the demo keeps this dialog, though no visible control opens it
// (requirements 1.2). Viewing an evaluation needs an account; a test analysis can be asked for
// through the contact form.
import { Link } from "react-router";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import type { DemoProject } from "./data";

export default function AnalysisDialog({ project, onClose }: { project: DemoProject; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Analyseauswertung ansehen</DialogTitle>
          <DialogDescription>
            Um die Auswertung einzusehen, melden Sie sich bitte an oder registrieren Sie sich über einen Einladungslink. Eine Testanalyse
            können Sie über unser Kontaktformular anfordern.
          </DialogDescription>
        </DialogHeader>
        <div className="rounded-lg bg-slate-50 p-4">
          <p className="font-semibold text-slate-900">{project.name}</p>
          <p className="mt-1 text-sm text-slate-600">{project.description}</p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Abbrechen
          </Button>
          <Button asChild>
            <Link to="/auth">Zum Login</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
