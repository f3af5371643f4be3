// The membership-request dialog and the contact form of requirements 1.2, 1.3 and 1.5. The same
// schemas validate the client forms and POST /api/membership-request and POST /api/contact.
// The spec gives no length bounds; the maxima below only keep abuse out of the database.
import { z } from "zod";
import { CONTACT_REQUIRED, INVALID_EMAIL } from "../inquiry-texts";

export * from "../inquiry-texts";

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Höchstens ${max} Zeichen erlaubt`);

const email = (message: string) => z.string({ error: message }).trim().min(1, message).max(254, INVALID_EMAIL).pipe(z.email(INVALID_EMAIL));

export const KONTAKT_WUNSCH = ["email", "telefon"] as const;
export type KontaktWunsch = (typeof KONTAKT_WUNSCH)[number];

export const membershipRequestSchema = z.object({
  firmenname: required("Firmenname ist erforderlich"),
  rechtsform: required("Rechtsform ist erforderlich", 100),
  strasse: required("Straße und Hausnummer sind erforderlich"),
  plz: required("PLZ ist erforderlich", 10),
  ort: required("Ort ist erforderlich", 100),
  ansprechpartner: required("Ansprechpartner ist erforderlich"),
  email: email("E-Mail ist erforderlich"),
  telefon: required("Telefon ist erforderlich", 50),
  rechnungsEmail: email("Rechnungs-E-Mail ist erforderlich"),
  kontaktWunsch: z.enum(KONTAKT_WUNSCH, { error: "Bitte wählen Sie E-Mail oder Telefon" }).default("email"),
  packageId: z
    .number({ error: "Bitte wählen Sie ein Paket" })
    .int("Bitte wählen Sie ein Paket")
    .min(1, "Bitte wählen Sie ein Paket")
    .max(4, "Bitte wählen Sie ein Paket"),
});
export type MembershipRequestInput = z.input<typeof membershipRequestSchema>;
export type MembershipRequest = z.output<typeof membershipRequestSchema>;

export const EMPTY_MEMBERSHIP_REQUEST: Omit<MembershipRequest, "packageId"> = {
  firmenname: "",
  rechtsform: "",
  strasse: "",
  plz: "",
  ort: "",
  ansprechpartner: "",
  email: "",
  telefon: "",
  rechnungsEmail: "",
  kontaktWunsch: "email",
};

export const contactMessageSchema = z.object({
  name: required(CONTACT_REQUIRED),
  email: email(CONTACT_REQUIRED),
  company: z
    .string()
    .trim()
    .max(200, "Höchstens 200 Zeichen erlaubt")
    .nullish()
    .transform((v) => (v ? v : null)),
  message: required(CONTACT_REQUIRED, 5000),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
