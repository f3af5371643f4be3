// The orders page (requirements 2.2, super admin) reads its table page by page from the project
// list; its header figures ("… in Bearbeitung, davon … überfällig") come from one summary call.
import { z } from "zod";

/**
 * GET /api/orders/summary: over all orders, how many there are, how many are still without an
 * evaluation, and how many of those are past the promised 48 hours.
 */
export const orderSummarySchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  overdue: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
