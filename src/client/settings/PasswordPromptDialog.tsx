// Asks for the current password before a change of a sign-in factor (issue 14); the server checks
// it. Errors stay in the dialog, the field is cleared after a wrong password.
import { useState, type FormEvent, type ReactNode } from "react";
import { MFA_TEXTS } from "../../common/schemas/mfa";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { errorMessage } from "../lib/api";

export function PasswordPromptDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** Extra fields above the password (e.g. the passkey's name). */
  children?: ReactNode;
  /** Resolves when done; a rejection shows its message in the dialog. */
  onConfirm: (password: string) => Promise<void>;
}) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = (open: boolean) => {
    if (!open) {
      setPassword("");
      setError(null);
    }
    props.onOpenChange(open);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(MFA_TEXTS.passwordRequired);
    setError(null);
    setPending(true);
    try {
      await props.onConfirm(password);
      close(false);
    } catch (err) {
      setPassword("");
      setError(errorMessage(err, "Die Änderung ist fehlgeschlagen."));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={props.open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {props.children}
          <Field id="factor-password" label="Aktuelles Passwort">
            <Input
              id="factor-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          {error ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Abbrechen
            </Button>
            <Button type="submit" variant={props.destructive ? "destructive" : "default"} disabled={pending}>
              {pending ? "Bitte warten..." : props.confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
