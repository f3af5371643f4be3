// GET /api/setup-status (super admins): which set-up steps of the operator are done, read from
// the configuration and the database, never stored as ticks of their own.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SetupStatus } from "../../common/setup-status";
import type { AppDeps } from "../app";
import { requireRole } from "../auth/guards";
import { companies, passkeys, users } from "../db/schema";

export const setupRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/setup-status",
      {
        schema: {
          summary: "Einrichtungsschritte des Betreibers (Systemadministratoren)",
          response: {
            200: z.object({
              operator: z.boolean(),
              mail: z.boolean(),
              company: z.boolean(),
              companyAdmin: z.boolean(),
              secondFactor: z.boolean(),
            }),
          },
        },
      },
      async (req): Promise<SetupStatus> => {
        const me = requireRole(req, "super_admin");
        const exists = async (q: Promise<unknown[]>) => (await q).length > 0;
        const [company, companyAdmin, totp, passkey] = await Promise.all([
          exists(db.select({ id: companies.id }).from(companies).limit(1)),
          exists(db.select({ id: users.id }).from(users).where(eq(users.role, "company_admin")).limit(1)),
          exists(
            db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.id, me.id), isNotNull(users.totpEnabledAt)))
              .limit(1),
          ),
          exists(
            db
              .select({ n: sql`1` })
              .from(passkeys)
              .where(eq(passkeys.userId, me.id))
              .limit(1),
          ),
        ]);
        return { operator: !config.operator.sample, mail: Boolean(config.smtp), company, companyAdmin, secondFactor: totp || passkey };
      },
    );
  };
