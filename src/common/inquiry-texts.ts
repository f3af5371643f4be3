// Texts of the membership request and the contact form (requirements 1.5 and 1.8), apart from
// the zod schemas so the landing page can show them without loading zod.
import type { z } from "zod";
import type { contactResponseSchema, membershipResponseSchema } from "./schemas/responses";
export const INVALID_EMAIL = "Bitte geben Sie eine gültige E-Mail-Adresse ein";
export const CONTACT_REQUIRED = "Bitte füllen Sie alle Pflichtfelder aus (Name, E-Mail, Nachricht).";
export const CONTACT_SUCCESS = "Ihre Nachricht wurde erfolgreich gesendet!";
export const CONTACT_FAILURE = "Beim Senden Ihrer Nachricht ist ein Fehler aufgetreten.";
export const CONTACT_CONNECTION_FAILURE = "Ein Verbindungsfehler ist aufgetreten. Bitte versuchen Sie es später erneut.";
export const MEMBERSHIP_SUCCESS = "Ihr Antrag wurde erfolgreich übermittelt. Unser Team wird sich in Kürze mit Ihnen in Verbindung setzen.";
export const MEMBERSHIP_FAILURE =
  "Es ist ein Problem bei der Übermittlung Ihres Antrags aufgetreten. Bitte versuchen Sie es später erneut.";
export const MEMBERSHIP_CONNECTION_FAILURE =
  "Es konnte keine Verbindung zum Server hergestellt werden. Bitte überprüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.";

/** What the server answers (requirements 1.7); the schemas live with the other responses. */
export type MembershipRequestResponse = z.infer<typeof membershipResponseSchema>;
export type ContactResponse = z.infer<typeof contactResponseSchema>;
