// The one shape of every "confirm with a secret" step of the second factor (issue 14): a form that
// asks for the current password or a code from the authenticator app, shows the server's refusal
// in place and clears the field after it. ConfirmWithSecretDialog wraps it in a dialog (turning
// TOTP off, new recovery codes, adding or removing a passkey, a super admin's reset); the TOTP
// set-up uses SecretForm for its steps inside its own dialog.
import { useState, type FormEvent, type ReactNode } from "react";
import { MFA_TEXTS } from "../../common/schemas/mfa";
import { errorMessage } from "../lib/api";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./ui/dialog";
import { Input } from "./ui/input";
import { Field } from "./ui/label";

export type SecretKind = "password" | "code";

/** How each secret is asked for; `emptyMessage` refuses an empty field, without it the button waits. */
const SECRET_FIELDS: Record<SecretKind, { label: string; emptyMessage?: string; input: Parameters<typeof Input>[0] }> = {
  password: {
    label: "Aktuelles Passwort",
    emptyMessage: MFA_TEXTS.passwordRequired,
    input: { type: "password", autoComplete: "current-password" },
  },
  code: {
    label: "Ihr aktueller Code aus der Authenticator-App",
    input: { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 7 },
  },
};

export const ErrorBox = ({ text }: { text: string }) => (
  <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
    {text}
  </p>
);

export interface SecretFormProps {
  /** The field's id (labels and tests find it). */
  id: string;
  /** What is asked for; null asks for nothing but the confirmation. */
  secret: SecretKind | null;
  /** Overrides the kind's label and input attributes (e.g. the set-up's "Bestätigungscode"). */
  label?: string;
  placeholder?: string;
  emptyMessage?: string;
  confirmLabel: string;
  pendingLabel?: string;
  destructive?: boolean;
  /** Shown when a failure carries no message of the server. */
  failureText: string;
  /** Above the field (a passkey's name, the QR code). */
  children?: ReactNode;
  onCancel: () => void;
  /** Resolves when done; a rejection shows its message and clears the field. */
  onConfirm: (secret: string) => Promise<void>;
}

export function SecretForm(props: SecretFormProps) {
  const field = props.secret ? SECRET_FIELDS[props.secret] : null;
  const emptyMessage = props.emptyMessage ?? field?.emptyMessage;
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const empty = field !== null && !value.trim();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (empty && emptyMessage) return setError(emptyMessage);
    setError(null);
    setPending(true);
    try {
      await props.onConfirm(value);
    } catch (err) {
      setValue("");
      setError(errorMessage(err, props.failureText));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {props.children}
      {field ? (
        <Field id={props.id} label={props.label ?? field.label}>
          <Input id={props.id} {...field.input} placeholder={props.placeholder} value={value} onChange={(e) => setValue(e.target.value)} />
        </Field>
      ) : null}
      {error ? <ErrorBox text={error} /> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          Abbrechen
        </Button>
        <Button type="submit" variant={props.destructive ? "destructive" : "default"} disabled={pending || (empty && !emptyMessage)}>
          {pending && props.pendingLabel ? props.pendingLabel : props.confirmLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function ConfirmWithSecretDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  ...form
}: Omit<SecretFormProps, "onCancel" | "id" | "failureText"> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  id?: string;
  failureText?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: a closed dialog forgets the secret and the error. */}
        {open ? (
          <SecretForm
            id="factor-password"
            pendingLabel="Bitte warten..."
            failureText="Die Änderung ist fehlgeschlagen."
            {...form}
            onCancel={() => onOpenChange(false)}
            onConfirm={async (secret) => {
              await onConfirm(secret);
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
