// Membership requests and contact messages of the public site (requirements 1.2, 1.7, 1.8):
// validated with the shared schemas, stored first, then mailed when SMTP_URL is set, and
// rate-limited per client address. Super admins read them in the dashboard (GET /api/inquiries).
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
import { saveContactMessage, saveMembershipRequest } from "./store";
import { rateLimited } from "../http/rate-limit";
import { createMailer } from "../mail/mailer";
import { allInquiries, inquiryPage } from "./list";
import { pageWindow, searching, sendAll, sendPage } from "../http/list-page";
import { inquiryListQuery } from "../../common/schemas/list-query";
import { contactResponseSchema, inquiryDtoSchema, membershipResponseSchema } from "../../common/schemas/responses";
import { z } from "zod";
import { contactMail, membershipMail, notifyInBackground } from "./notify";

/** Per address: a company sends one request, maybe a correction; more is a script. */
export const INQUIRY_RATE_LIMIT = { max: 5, windowMs: 60 * 60_000 };
const TOO_MANY = "Zu viele Anfragen von Ihrer Adresse. Bitte versuchen Sie es später erneut oder schreiben Sie uns eine E-Mail.";

/** Without paging parameters the list holds at most this many of each kind (newest first). */
const LIST_LIMIT = 500;

export const inquiryRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const mailer = createMailer(config.smtp, app.log);
    const limit = () => rateLimited(config, INQUIRY_RATE_LIMIT.max, INQUIRY_RATE_LIMIT.windowMs, TOO_MANY);

    app.post(
      "/api/membership-request",
      { schema: { body: membershipRequestSchema, response: { 201: membershipResponseSchema } }, config: limit() },
      async (req, reply) => {
        const id = await saveMembershipRequest(db, req.body);
        notifyInBackground(db, mailer, req.log, { table: "membership", id }, membershipMail(req.body));
        const body: MembershipRequestResponse = { success: true, message: MEMBERSHIP_SUCCESS };
        return reply.status(201).send(body);
      },
    );

    app.post(
      "/api/contact",
      { schema: { body: contactMessageSchema, response: { 201: contactResponseSchema } }, config: limit() },
      async (req, reply) => {
        const id = await saveContactMessage(db, req.body);
        notifyInBackground(db, mailer, req.log, { table: "contact", id }, contactMail(req.body));
        const body: ContactResponse = { ok: true, message: CONTACT_SUCCESS };
        return reply.status(201).send(body);
      },
    );

    app.get(
      "/api/inquiries",
      { schema: { querystring: inquiryListQuery, response: { 200: z.array(inquiryDtoSchema) } } },
      async (req, reply): Promise<InquiryDto[]> => {
        requireRole(req, "super_admin");
        const { kind } = req.query;
        const page = pageWindow(req.query, "-createdAt");
        if (!page) return sendAll(reply, await allInquiries(db, LIST_LIMIT, kind));
        return sendPage(reply, await searching(db, page.q, (tx) => inquiryPage(tx, page, kind)));
      },
    );
  };
