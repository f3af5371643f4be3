// Stores what the public site's forms send: a membership request, a contact message.
import type { ContactMessage, MembershipRequest } from "../../common/schemas/inquiry";
import type { Db } from "../db/client";
import { contactMessages, membershipRequests } from "../db/schema";

export async function saveMembershipRequest(db: Db, request: MembershipRequest): Promise<number> {
  const [row] = await db.insert(membershipRequests).values(request).returning({ id: membershipRequests.id });
  return row.id;
}

export async function saveContactMessage(db: Db, message: ContactMessage): Promise<number> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row.id;
}
