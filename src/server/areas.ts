// Every route plugin of the product, in the order they are registered: one list, one place to add
// an area. Each area owns its folder and its routes.ts. The client routes (the built pages and the
// not-found answer) come last: they answer every path no area claimed.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "./app";
import type { Ops } from "./ops/ops";
import { opsRoutes } from "./ops/routes";
import { authRoutes } from "./auth/routes";
import { registrationLinkRoutes } from "./registration-links/routes";
import { companyRoutes } from "./companies/routes";
import { projectRoutes } from "./projects/routes";
import { userRoutes } from "./users/routes";
import { impersonationRoutes } from "./impersonation/routes";
import { inquiryRoutes } from "./inquiries/routes";
import { chatbotRoutes } from "./chatbot/routes";
import { boqRoutes } from "./boq/routes";
import { findingReviewRoutes } from "./findings/routes";
import { passwordResetRoutes } from "./auth/password-reset-routes";
import { setupRoutes } from "./setup/routes";
import { pendingInvitationRoutes } from "./registration-links/pending-routes";
import { clientRoutes } from "./client-routes";

/** The dependencies every area gets; buildApp has created the shared metrics by then. */
export type AreaDeps = AppDeps & { ops: Ops };

export const routePlugins: ((deps: AreaDeps) => FastifyPluginAsyncZod)[] = [
  (deps) => opsRoutes(deps.ops, deps.config),
  authRoutes,
  registrationLinkRoutes,
  companyRoutes,
  projectRoutes,
  userRoutes,
  impersonationRoutes,
  inquiryRoutes,
  chatbotRoutes,
  boqRoutes,
  findingReviewRoutes,
  passwordResetRoutes,
  setupRoutes,
  pendingInvitationRoutes,
  clientRoutes,
];
