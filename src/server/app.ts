// Builds the Fastify app: plugins, security hooks, every area's routes and the client.
import Fastify, { LogController, type FastifyInstance, type FastifySchema } from "fastify";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import { registerErrorHandler } from "./http/errors";
import { registerOriginCheck } from "./http/origin-check";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerRequestLog } from "./http/request-log";
import { SESSION_COOKIE, createSessionLoader } from "./auth/sessions";
import { registerLocalWrites } from "./http/local-writes";
import { refuseUntilEnrolled } from "./auth/enforcement";
import { routePlugins } from "./areas";
import { registerApiDescription } from "./api-docs/register";
import { createOps, type Ops } from "./ops/ops";
import { registerRequestTiming } from "./ops/routes";

declare module "fastify" {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
    /** Readiness state and metrics of this instance (ops/). */
    ops: Ops;
  }
}

/** A served route with its schema (tests check both: authorization matrix, fuzzing, OpenAPI). */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
}

export interface AppDeps {
  db: Db;
  database: Database;
  config: Config;
  /** Shared with the background workers by main.ts; buildApp creates one when absent. */
  ops?: Ops;
}

export async function buildApp(deps: AppDeps, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const { db, config } = deps;
  const ops = deps.ops ?? createOps(db, config, deps.database?.kind);
  deps = { ...deps, ops }; // the areas count their events (chatbot answers, tokens) through it
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Fastify's two lines per request (assets included) give way to http/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  // Every route the app serves, for the authorization-matrix and fuzz suites.
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook("onRoute", (r) => {
    for (const method of [r.method].flat()) if (method !== "HEAD") registeredRoutes.push({ method, url: r.url, schema: r.schema });
  });
  app.decorate("registeredRoutes", registeredRoutes);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // The API speaks JSON and multipart only; anything else is a 415, not a string body.
  app.removeContentTypeParser("text/plain");

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 2, fields: 20 } });
  await app.register(rateLimit, { global: false });

  registerSecurityHeaders(app, config);
  registerRequestLog(app);
  app.decorate("ops", ops);
  registerRequestTiming(app, ops);
  registerOriginCheck(app, config.publicOrigin);

  const loadSession = createSessionLoader(db, config, registerLocalWrites(app));
  app.decorateRequest("auth", null);
  app.addHook("onRequest", async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    req.auth = token && token.length < 200 ? await loadSession(token) : null;
    // A required second factor that is not set up: only enrolment (auth/enforcement.ts).
    refuseUntilEnrolled(req);
  });

  // Before the routes: @fastify/swagger collects them as they are added (api-docs/register.ts).
  await registerApiDescription(app);

  const areaDeps = { ...deps, ops };
  for (const routes of routePlugins) await app.register(routes(areaDeps));
  return app;
}
