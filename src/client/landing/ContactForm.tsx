// The contact form of requirements 1.2, 1.5 and 1.8: required fields checked before any call,
// the button disabled while sending ('Wird gesendet...'), the result shown inline. The shared
// zod schema is loaded on submit, so zod stays out of the landing page's first load.
import { useId, useState, type FormEvent } from "react";
import {
  CONTACT_CONNECTION_FAILURE,
  CONTACT_FAILURE,
  CONTACT_REQUIRED,
  CONTACT_SUCCESS,
  type ContactResponse,
} from "../../common/inquiry-texts";
import { RequestError, apiRequest } from "../lib/api";
import { buttonClass, inputClass } from "../site/ui";
import { PrivacyNote } from "../legal/PrivacyNote";

const EMPTY = { name: "", email: "", company: "", message: "" };
type Values = typeof EMPTY;
type Status = { kind: "success" | "error"; text: string } | null;

const loadSchema = () => import("../../common/schemas/inquiry").then((m) => m.contactMessageSchema);

async function send(values: Values): Promise<Status> {
  let schema;
  try {
    schema = await loadSchema();
  } catch {
    return { kind: "error", text: CONTACT_CONNECTION_FAILURE };
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) return { kind: "error", text: parsed.error.issues[0]?.message ?? CONTACT_REQUIRED };
  try {
    const res = await apiRequest<ContactResponse | null>("POST", "/api/contact", parsed.data);
    if (!res?.ok) return { kind: "error", text: res?.message || CONTACT_FAILURE };
    return { kind: "success", text: res.message || CONTACT_SUCCESS };
  } catch (err) {
    if (err instanceof RequestError) return { kind: "error", text: err.serverMessage || CONTACT_FAILURE };
    return { kind: "error", text: CONTACT_CONNECTION_FAILURE };
  }
}

export function ContactForm() {
  const uid = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const field = (name: keyof Values) => ({
    id: `${uid}-${name}`,
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values.name.trim() || !values.email.trim() || !values.message.trim()) {
      setStatus({ kind: "error", text: CONTACT_REQUIRED });
      return;
    }
    setSending(true);
    setStatus(null);
    const result = await send(values);
    setSending(false);
    setStatus(result);
    if (result?.kind === "success") setValues(EMPTY);
  };

  const label = "mb-1.5 block text-sm font-medium text-slate-700";
  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void loadSchema().catch(() => undefined)}
      noValidate
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      data-testid="contact-form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${uid}-name`} className={label}>
            Name <span aria-hidden>*</span>
          </label>
          <input {...field("name")} autoComplete="name" required className={`${inputClass} h-11`} />
        </div>
        <div>
          <label htmlFor={`${uid}-email`} className={label}>
            E-Mail <span aria-hidden>*</span>
          </label>
          <input {...field("email")} type="email" autoComplete="email" required className={`${inputClass} h-11`} />
        </div>
      </div>
      <div>
        <label htmlFor={`${uid}-company`} className={label}>
          Unternehmen <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input {...field("company")} autoComplete="organization" className={`${inputClass} h-11`} />
      </div>
      <div>
        <label htmlFor={`${uid}-message`} className={label}>
          Nachricht <span aria-hidden>*</span>
        </label>
        <textarea
          {...field("message")}
          rows={5}
          required
          className={`${inputClass} min-h-32`}
          placeholder="Zum Beispiel: Wir möchten eine Testanalyse für ein LV mit rund 400 Positionen anfragen."
        />
      </div>
      {status ? (
        <p
          role={status.kind === "error" ? "alert" : "status"}
          data-testid="contact-status"
          data-kind={status.kind}
          className={`rounded-md border p-3 text-sm ${
            status.kind === "success" ? "border-emerald-200 bg-emerald-50 text-emerald-800" : "border-red-200 bg-red-50 text-red-700"
          }`}
        >
          {status.text}
        </p>
      ) : null}
      <button type="submit" disabled={sending} className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
        {sending ? "Wird gesendet..." : "Nachricht senden"}
      </button>
      <p className="text-xs text-slate-600">* Pflichtfelder. Wir verwenden Ihre Angaben ausschließlich zur Bearbeitung Ihrer Anfrage.</p>
      <PrivacyNote />
    </form>
  );
}
