import { useQueryClient } from "@tanstack/react-query";
import { apiRequest, errorMessage, markLoggingOut } from "../lib/api";
import { clearSession } from "../lib/session";
import type { MessageDto } from "../../common/types";
import { toast } from "./use-toast";

/** Logout: clear markers and caches, toast 'Abgemeldet', start page after 500 ms. */
export function useLogout() {
  const qc = useQueryClient();
  return async () => {
    try {
      await apiRequest<MessageDto>("POST", "/api/logout");
      markLoggingOut();
      await qc.cancelQueries();
      clearSession();
      toast({ title: "Abgemeldet", description: "Sie wurden erfolgreich abgemeldet." });
      // Caches are cleared as the page is left; clearing earlier would make the still-mounted
      // dashboard refetch and bounce to /auth before the start page.
      window.setTimeout(() => {
        qc.clear();
        window.location.assign("/");
      }, 500);
    } catch (err) {
      toast({ title: "Abmeldung fehlgeschlagen", description: errorMessage(err, "Unbekannter Fehler"), variant: "destructive" });
    }
  };
}
