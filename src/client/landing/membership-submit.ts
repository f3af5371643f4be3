// Sending a membership request with the toasts of requirements 1.8: start, success, server
// failure (HTTP not ok or success false) and network failure.
import {
  MEMBERSHIP_CONNECTION_FAILURE,
  MEMBERSHIP_FAILURE,
  MEMBERSHIP_SUCCESS,
  type MembershipRequestResponse,
} from "../../common/inquiry-texts";
import type { MembershipRequest } from "../../common/schemas/inquiry";
import { toast } from "../hooks/use-toast";
import { RequestError, apiRequest } from "../lib/api";

/** Resolves true when the request was accepted (the caller then resets and closes). */
export async function submitMembershipRequest(values: MembershipRequest): Promise<boolean> {
  toast({ title: "Antrag wird verarbeitet", description: "Ihre Anfrage wird übermittelt …", duration: 3000 });
  const failed = (message: string | null | undefined) => {
    toast({ title: "Fehler beim Einreichen", description: message || MEMBERSHIP_FAILURE, variant: "destructive", duration: 5000 });
    return false;
  };
  try {
    const res = await apiRequest<MembershipRequestResponse | null>("POST", "/api/membership-request", values);
    if (!res?.success) return failed(res?.message);
    toast({ title: "Antrag eingereicht", description: res.message || MEMBERSHIP_SUCCESS, duration: 5000 });
    return true;
  } catch (err) {
    if (err instanceof RequestError) return failed(err.serverMessage);
    toast({ title: "Verbindungsfehler", description: MEMBERSHIP_CONNECTION_FAILURE, variant: "destructive", duration: 5000 });
    return false;
  }
}
