// The operator's set-up steps on the super admin's first dashboard (issue 27), each ticked off
// from real state by GET /api/setup-status.
export const SETUP_STEPS = [
  {
    id: "operator",
    title: "Betreiberangaben",
    text: "OPERATOR_* setzen: Impressum, AGB und Datenschutzerklärung nennen dann den Betreiber.",
  },
  { id: "mail", title: "Mail", text: "SMTP_URL setzen: Einladungen und „Passwort vergessen?“ gehen dann per E-Mail hinaus." },
  { id: "company", title: "Erstes Unternehmen", text: "Unter „Unternehmen“ den ersten Kunden anlegen." },
  {
    id: "companyAdmin",
    title: "Erster Admin",
    text: "Unter „Benutzer“ den ersten Unternehmensadministrator einladen; er hat sich registriert.",
  },
  {
    id: "secondFactor",
    title: "Zweiter Faktor",
    text: "Unter „Einstellungen“ eine Authenticator-App oder einen Passkey für Ihr Konto einrichten.",
  },
] as const;

export type SetupStepId = (typeof SETUP_STEPS)[number]["id"];
export type SetupStatus = Record<SetupStepId, boolean>;
