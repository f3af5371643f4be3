// The cast most API tests need: two companies with an admin and a user each, a super admin, and a
// company admin without company.
import type { TestContext, TestUser } from "./app";

export interface World {
  ctx: TestContext;
  companyA: number;
  companyB: number;
  superAdmin: TestUser;
  adminA: TestUser;
  userA: TestUser;
  adminB: TestUser;
  userB: TestUser;
  adminNoCompany: TestUser;
}

export async function createWorld(ctx: TestContext, [nameA, nameB] = ["Hochbau Alpha GmbH", "Bau Beta AG"]): Promise<World> {
  const companyA = await ctx.createCompany(nameA);
  const companyB = await ctx.createCompany(nameB);
  return {
    ctx,
    companyA,
    companyB,
    superAdmin: await ctx.createUser("super_admin", null),
    adminA: await ctx.createUser("company_admin", companyA),
    userA: await ctx.createUser("user", companyA),
    adminB: await ctx.createUser("company_admin", companyB),
    userB: await ctx.createUser("user", companyB),
    adminNoCompany: await ctx.createUser("company_admin", null),
  };
}
