// The notification mails for new inquiries: sent after the row is stored; success is recorded
// in mailed_at so the inquiry list shows which ones reached the mailbox.
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { PACKAGE_NAMES } from "../../common/prices";
import type { ContactMessage, MembershipRequest } from "../../common/schemas/inquiry";
import type { Db } from "../db/client";
import { contactMessages, membershipRequests } from "../db/schema";
import type { Mail, Mailer } from "../mail/mailer";

const KONTAKT_LABEL = { email: "E-Mail", telefon: "Telefon" } as const;

export function membershipMail(r: MembershipRequest): Mail {
  const paket = PACKAGE_NAMES[r.packageId] ?? `Paket ${r.packageId}`;
  return {
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

export function contactMail(m: ContactMessage): Mail {
  return {
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

/** Sends in the background; the request has already been answered from the stored row. */
export function notifyInBackground(db: Db, mailer: Mailer, log: FastifyBaseLogger, target: { table: "membership" | "contact"; id: number }, mail: Mail) {
  if (!mailer.enabled) return;
  void (async () => {
    if (!(await mailer.send(mail))) return;
    try {
      if (target.table === "membership") {
        await db.update(membershipRequests).set({ mailedAt: new Date() }).where(eq(membershipRequests.id, target.id));
      } else {
        await db.update(contactMessages).set({ mailedAt: new Date() }).where(eq(contactMessages.id, target.id));
      }
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, "mailed_at not recorded");
    }
  })();
}
