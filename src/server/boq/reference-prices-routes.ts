// Super-admin routes for the reference price table of unpriced LVs: read it (saved or shipped),
// save a new one, go back to the shipped one. New analyses use it; stored ones keep their amounts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { referencePricesResponseSchema, referencePriceTableSchema } from "../../common/schemas/reference-prices";
import type { AppDeps } from "../app";
import { audit } from "../audit/log";
import { requireRole } from "../auth/guards";
import { loadReferencePrices, resetReferencePrices, saveReferencePrices } from "./reference-prices";

export const referencePriceRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/reference-prices",
      { schema: { summary: "Richtwerttabelle für unbepreiste LVs", response: { 200: referencePricesResponseSchema } } },
      async (req) => {
        requireRole(req, "super_admin");
        return loadReferencePrices(db);
      },
    );

    app.put(
      "/api/reference-prices",
      {
        schema: {
          body: referencePriceTableSchema,
          summary: "Richtwerttabelle speichern",
          response: { 200: referencePricesResponseSchema },
        },
      },
      async (req) => {
        const user = requireRole(req, "super_admin");
        const id = await saveReferencePrices(db, req.body, user.id);
        await audit(
          db,
          req,
          "reference_prices.save",
          { type: "reference_prices", id },
          { rows: req.body.rows.length, stand: req.body.stand },
        );
        return loadReferencePrices(db);
      },
    );

    app.delete(
      "/api/reference-prices",
      { schema: { summary: "Mitgelieferte Richtwerttabelle wiederherstellen", response: { 200: referencePricesResponseSchema } } },
      async (req) => {
        requireRole(req, "super_admin");
        await resetReferencePrices(db);
        await audit(db, req, "reference_prices.reset", { type: "reference_prices", id: "default" });
        return loadReferencePrices(db);
      },
    );
  };
