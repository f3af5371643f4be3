// The notification mails for new inquiries: sent after the row is stored; success is recorded
// in mailed_at so the inquiry list shows which ones reached the mailbox.
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { contactMessages, membershipRequests } from "../db/schema";
import type { Mail, Mailer } from "../mail/mailer";

// The texts live with the other mails in mail/templates.ts.
export { contactMail, membershipMail } from "../mail/templates";

/** Sends in the background; the request has already been answered from the stored row. */
export function notifyInBackground(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  target: { table: "membership" | "contact"; id: number },
  mail: Mail,
) {
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
