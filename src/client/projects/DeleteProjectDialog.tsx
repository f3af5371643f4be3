import { ConfirmDialog } from "../components/ui/alert-dialog";

/** The delete confirmation: warns that the action cannot be undone. */
export function DeleteProjectDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectName: string;
  pending?: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Projekt löschen"
      description={
        <>
          Möchten Sie das Projekt <strong>„{props.projectName}“</strong> wirklich löschen? Diese Aktion kann nicht rückgängig gemacht
          werden. Alle Dateien und die Auswertung des Projekts werden ebenfalls gelöscht.
        </>
      }
      confirmLabel="Projekt löschen"
      pending={props.pending}
      onConfirm={props.onConfirm}
    />
  );
}
