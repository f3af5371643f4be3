// GET /api/setup-status (super admins): which set-up steps of the operator are done, read from
// the configuration and the database, never stored as ticks of their own.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SetupStatus } from "../../common/setup-status";
import type { AppDeps } from "../app";
import { requireRole } from "../auth/guards";
import { setupFacts } from "./queries";

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
        const facts = await setupFacts(db, me.id);
        return { operator: !config.operator.sample, mail: Boolean(config.smtp), ...facts };
      },
    );
  };
