// Every mail the product sends, in one place: the invitation and the password-reset notice to
// users (plain text and HTML), and the inquiry notifications to the operator (plain text).
// Names, company names and messages are user input: the HTML parts are built with `html`,
// which escapes every inserted value; headers are put on one line by the mailer.
import { PACKAGE_NAMES } from "../../common/prices";
import { invitedRoleLabel, type Role } from "../../common/roles";
import type { ContactMessage, MembershipRequest } from "../../common/schemas/inquiry";
import type { Mail } from "./mailer";

const BRAND = "bauklar";

/** Markup that is already safe; anything else put into `html` is escaped. */
class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Tagged template for HTML: inserted values are escaped unless they come from `html` itself. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((v, i) => {
    out += (v instanceof SafeHtml ? v.value : escapeHtml(String(v ?? ""))) + strings[i + 1];
  });
  return new SafeHtml(out);
}

/** A simple, mail-client-proof page around the body. */
const page = (title: string, body: SafeHtml) =>
  html`<!doctype html>
    <html lang="de">
      <head>
        <meta charset="utf-8" />
        <title>${title}</title>
      </head>
      <body
        style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1e293b"
      >
        <div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
          <p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#1d4ed8">${BRAND}</p>
          ${body}
        </div>
      </body>
    </html>`.value;

const button = (href: string, label: string) =>
  html`<p style="margin:24px 0">
    <a
      href="${href}"
      style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold"
      >${label}</a
    >
  </p>`;

const small = (text: string) => html`<p style="margin:16px 0 0;font-size:13px;color:#64748b">${text}</p>`;

export interface Person {
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/** "Vorname Nachname", else the username (as the dashboard shows people). */
export const personName = (p: Person) => [p.firstName, p.lastName].filter(Boolean).join(" ").trim() || p.username;

const dateFormat = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", day: "2-digit", month: "2-digit", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** German date and time in Europe/Berlin: "02.12.2026 um 14:05 Uhr". */
export const berlinDateTime = (d: Date) => `${dateFormat.format(d)} um ${timeFormat.format(d)} Uhr`;

export const signInUrl = (origin: string) => `${origin}/auth`;

export interface InvitationMailInput {
  to: string;
  inviter: Person;
  companyName: string;
  role: Role;
  /** The registration link ({origin}/auth?token=…). */
  url: string;
  expiresAt: Date;
}

export function invitationMail(i: InvitationMailInput): Mail {
  const inviter = personName(i.inviter);
  const role = invitedRoleLabel(i.role);
  const until = berlinDateTime(i.expiresAt);
  const subject = `Einladung zu ${BRAND}: ${i.companyName}`;
  return {
    kind: "invitation",
    to: i.to,
    subject,
    text: [
      `Guten Tag,`,
      ``,
      `${inviter} hat Sie eingeladen, ${BRAND} für ${i.companyName} als ${role} zu nutzen.`,
      ``,
      `Über diesen Link legen Sie Ihr Konto an:`,
      i.url,
      ``,
      `Der Link gilt bis ${until} und kann nur einmal verwendet werden.`,
      ``,
      `Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.`,
    ].join("\n"),
    html: page(
      subject,
      html`<p style="margin:0 0 12px">Guten Tag,</p>
        <p style="margin:0 0 12px">
          <strong>${inviter}</strong> hat Sie eingeladen, ${BRAND} für <strong>${i.companyName}</strong> als <strong>${role}</strong> zu
          nutzen.
        </p>
        ${button(i.url, "Konto anlegen")}
        <p style="margin:0 0 12px">
          Falls die Schaltfläche nicht funktioniert, öffnen Sie diesen Link im Browser:<br /><a
            href="${i.url}"
            style="color:#1d4ed8;word-break:break-all"
            >${i.url}</a
          >
        </p>
        <p style="margin:0 0 12px">Der Link gilt bis <strong>${until}</strong> und kann nur einmal verwendet werden.</p>
        ${small("Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.")}`,
    ),
  };
}

export interface PasswordResetMailInput {
  to: string;
  user: Person;
  admin: Person;
  /** PUBLIC_ORIGIN, for the link to the sign-in page. */
  origin: string;
}

/** Tells the user that an admin set a new password; the password itself is never in it. */
export function passwordResetMail(r: PasswordResetMailInput): Mail {
  const admin = personName(r.admin);
  const user = personName(r.user);
  const url = signInUrl(r.origin);
  const subject = "Ihr Passwort wurde zurückgesetzt";
  return {
    kind: "password_reset",
    to: r.to,
    subject,
    text: [
      `Guten Tag ${user},`,
      ``,
      `${admin} hat das Passwort Ihres ${BRAND}-Kontos „${r.user.username}“ zurückgesetzt. Alle bestehenden Anmeldungen wurden beendet.`,
      ``,
      `Das neue Passwort teilt Ihnen ${admin} auf einem anderen Weg mit – aus Sicherheitsgründen nicht per E-Mail.`,
      ``,
      `Anmelden können Sie sich hier:`,
      url,
      ``,
      `Falls Sie damit nicht gerechnet haben, wenden Sie sich bitte umgehend an ${admin}.`,
    ].join("\n"),
    html: page(
      subject,
      html`<p style="margin:0 0 12px">Guten Tag ${user},</p>
        <p style="margin:0 0 12px">
          <strong>${admin}</strong> hat das Passwort Ihres ${BRAND}-Kontos „${r.user.username}“ zurückgesetzt. Alle bestehenden Anmeldungen
          wurden beendet.
        </p>
        <p style="margin:0 0 12px">
          Das neue Passwort teilt Ihnen ${admin} auf einem anderen Weg mit – aus Sicherheitsgründen nicht per E-Mail.
        </p>
        ${button(url, "Zur Anmeldung")}
        <p style="margin:0 0 12px">Oder öffnen Sie: <a href="${url}" style="color:#1d4ed8">${url}</a></p>
        ${small(`Falls Sie damit nicht gerechnet haben, wenden Sie sich bitte umgehend an ${admin}.`)}`,
    ),
  };
}

export interface PasswordLinkMailInput {
  to: string;
  user: Person;
  /** The single-use link to /passwort-zuruecksetzen with the token. */
  url: string;
  expiresAt: Date;
}

/** "Passwort vergessen?": the single-use link the user asked for (30 minutes). */
export function passwordLinkMail(r: PasswordLinkMailInput): Mail {
  const user = personName(r.user);
  const until = berlinDateTime(r.expiresAt);
  const subject = "Neues Passwort für Ihr bauklar-Konto";
  return {
    kind: "password_link",
    to: r.to,
    subject,
    text: [
      `Guten Tag ${user},`,
      ``,
      `für Ihr ${BRAND}-Konto „${r.user.username}“ wurde ein neues Passwort angefordert. Über diesen Link legen Sie es fest:`,
      r.url,
      ``,
      `Der Link gilt einmal und bis ${until}. Mit dem neuen Passwort werden alle bestehenden Anmeldungen beendet.`,
      ``,
      `Falls Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.`,
    ].join("\n"),
    html: page(
      subject,
      html`<p style="margin:0 0 12px">Guten Tag ${user},</p>
        <p style="margin:0 0 12px">für Ihr ${BRAND}-Konto „${r.user.username}“ wurde ein neues Passwort angefordert.</p>
        ${button(r.url, "Neues Passwort festlegen")}
        <p style="margin:0 0 12px">Oder öffnen Sie: <a href="${r.url}" style="color:#1d4ed8">${r.url}</a></p>
        <p style="margin:0 0 12px">
          Der Link gilt einmal und bis ${until}. Mit dem neuen Passwort werden alle bestehenden Anmeldungen beendet.
        </p>
        ${small("Falls Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.")}`,
    ),
  };
}

const KONTAKT_LABEL = { email: "E-Mail", telefon: "Telefon" } as const;

/** Operator notification for a membership request (to NOTIFY_EMAIL, replies go to the company). */
export function membershipMail(r: MembershipRequest): Mail {
  const paket = PACKAGE_NAMES[r.packageId] ?? `Paket ${r.packageId}`;
  return {
    kind: "membership_request",
    subject: `Neue Mitgliedschaftsanfrage: ${r.firmenname} (${paket})`,
    replyTo: r.email,
    text: [
      `Über die Website ist eine neue Mitgliedschaftsanfrage eingegangen.`,
      ``,
      `Paket:              ${paket}`,
      `Firmenname:         ${r.firmenname}`,
      `Rechtsform:         ${r.rechtsform}`,
      `Anschrift:          ${r.strasse}, ${r.plz} ${r.ort}`,
      `Ansprechpartner:    ${r.ansprechpartner}`,
      `E-Mail:             ${r.email}`,
      `Telefon:            ${r.telefon}`,
      `Rechnungs-E-Mail:   ${r.rechnungsEmail}`,
      `Kontaktwunsch:      ${KONTAKT_LABEL[r.kontaktWunsch]}`,
      ``,
      `Alle Anfragen finden Sie im Dashboard unter „Anfragen“.`,
    ].join("\n"),
  };
}

/** Operator notification for a contact message. */
export function contactMail(m: ContactMessage): Mail {
  return {
    kind: "contact_message",
    subject: `Neue Kontaktnachricht von ${m.name}${m.company ? ` (${m.company})` : ""}`,
    replyTo: m.email,
    text: [
      `Über das Kontaktformular der Website ist eine neue Nachricht eingegangen.`,
      ``,
      `Name:         ${m.name}`,
      `E-Mail:       ${m.email}`,
      `Unternehmen:  ${m.company ?? "–"}`,
      ``,
      m.message,
      ``,
      `Alle Anfragen finden Sie im Dashboard unter „Anfragen“.`,
    ].join("\n"),
  };
}
