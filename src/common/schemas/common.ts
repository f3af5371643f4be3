import { z } from "zod";

/** Route ids: positive integers only, so "abc" or "1;drop" are a 400, never a 500. */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
