// Membership requests and contact messages of the public site (spec/01 sections 2, 7, 8):
// validated with the shared schemas, stored first, then mailed when SMTP_URL is set, and
// rate-limited per client address. Super admins read them in the dashboard (GET /api/inquiries).
import { desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CONTACT_SUCCESS,
  MEMBERSHIP_SUCCESS,
  contactMessageSchema,
  membershipRequestSchema,
  type ContactResponse,
  type MembershipRequestResponse,
} from "../../common/schemas/inquiry";
import type { InquiryDto } from "../../common/types";
import type { AppDeps } from "../app";
import { requireRole } from "../auth/guards";
import { contactMessages, membershipRequests } from "../db/schema";
import { rateLimited } from "../http/rate-limit";
import { createMailer } from "../mail/mailer";
import { contactDto, membershipDto } from "./dto";
import { contactMail, membershipMail, notifyInBackground } from "./notify";

/** Per address: a company sends one request, maybe a correction; more is a script. */
export const INQUIRY_RATE_LIMIT = { max: 5, windowMs: 60 * 60_000 };
const TOO_MANY = "Zu viele Anfragen von Ihrer Adresse. Bitte versuchen Sie es später erneut oder schreiben Sie uns eine E-Mail.";

/** The list shows at most this many of each kind (newest first). */
const LIST_LIMIT = 500;

export const inquiryRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const mailer = createMailer(config.smtp, app.log);
    const limit = () => rateLimited(config, INQUIRY_RATE_LIMIT.max, INQUIRY_RATE_LIMIT.windowMs, TOO_MANY);

    app.post(
      "/api/membership-request",
      { schema: { body: membershipRequestSchema }, config: limit() },
      async (req, reply) => {
        const [row] = await db.insert(membershipRequests).values(req.body).returning({ id: membershipRequests.id });
        notifyInBackground(db, mailer, req.log, { table: "membership", id: row.id }, membershipMail(req.body));
        const body: MembershipRequestResponse = { success: true, message: MEMBERSHIP_SUCCESS };
        return reply.status(201).send(body);
      },
    );

    app.post("/api/contact", { schema: { body: contactMessageSchema }, config: limit() }, async (req, reply) => {
      const [row] = await db.insert(contactMessages).values(req.body).returning({ id: contactMessages.id });
      notifyInBackground(db, mailer, req.log, { table: "contact", id: row.id }, contactMail(req.body));
      const body: ContactResponse = { ok: true, message: CONTACT_SUCCESS };
      return reply.status(201).send(body);
    });

    app.get("/api/inquiries", async (req): Promise<InquiryDto[]> => {
      requireRole(req, "super_admin");
      const [requests, messages] = await Promise.all([
        db.select().from(membershipRequests).orderBy(desc(membershipRequests.createdAt), desc(membershipRequests.id)).limit(LIST_LIMIT),
        db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(LIST_LIMIT),
      ]);
      return [...requests.map(membershipDto), ...messages.map(contactDto)].sort(
        (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
      );
    });
  };
