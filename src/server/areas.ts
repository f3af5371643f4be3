// Route plugins of the product areas beyond auth, invitations and companies. Each area owns its
// folder; adding an area is one line here.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "./app";

export const areaRoutes: ((deps: AppDeps) => FastifyPluginAsyncZod)[] = [];
