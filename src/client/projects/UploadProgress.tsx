import { Progress } from "../components/ui/progress";
import { Button } from "../components/ui/button";

/** Progress bar with percentage and a cancel button while a file is being sent. */
export function UploadProgress({ percent, onCancel }: { percent: number; onCancel: () => void }) {
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-3" data-testid="upload-progress">
      <p className="text-sm font-medium text-slate-700">Datei wird hochgeladen…</p>
      <Progress value={percent} label="Upload-Fortschritt" />
      <div className="flex justify-end">
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          Upload abbrechen
        </Button>
      </div>
    </div>
  );
}
