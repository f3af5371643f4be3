import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";

export type AuditAction =
  | "user.login"
  | "user.login_failed"
  | "user.login_locked"
  | "user.login_unlocked"
  | "user.mfa_enable"
  | "user.mfa_disable"
  | "user.mfa_recovery_codes"
  | "user.mfa_reset"
  | "user.mfa_reset_refused"
  | "user.passkey_add"
  | "user.passkey_delete"
  | "user.session_end"
  | "user.sessions_end_others"
  | "user.register"
  | "user.update"
  | "user.role_change"
  | "user.password_reset"
  | "user.password_change"
  | "user.delete"
  | "user.delete_self"
  | "impersonation.start"
  | "impersonation.stop"
  | "company.create"
  | "company.update"
  | "company.delete"
  | "company.mfa_policy"
  | "registration_link.create"
  | "registration_link.delete"
  | "registration_link.resend"
  | "project.delete"
  | "project.status_change"
  | "finding.review"
  | "finding.add"
  | "user.password_forgot"
  | "user.password_reset_link"
  | "chatbot.prompt_save"
  | "chatbot.knowledge_create"
  | "chatbot.knowledge_update"
  | "chatbot.knowledge_delete"
  | "analysis.prompt_save"
  | "analysis.prompt_activate"
  | "analysis.requeue"
  | "reference_prices.save"
  | "reference_prices.reset";

/** Who did what to whom; actor is the effective user, impersonator the admin behind it. */
export async function audit(
  db: Db,
  req: FastifyRequest | null,
  action: AuditAction,
  target: { type: string; id: string | number } | null,
  details?: Record<string, unknown>,
  actorOverride?: number,
) {
  await db.insert(auditLog).values({
    actorId: actorOverride ?? req?.auth?.user.id ?? null,
    impersonatorId: req?.auth?.impersonatorId ?? null,
    action,
    targetType: target?.type ?? null,
    targetId: target ? String(target.id) : null,
    details: details ?? null,
    // req.ip goes through TRUST_PROXY, which names the trusted proxies only (config.ts): a client
    // cannot write its own address into the log.
    ip: req?.ip ?? null,
  });
}
