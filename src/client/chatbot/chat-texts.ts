// The German texts of the two chatbot screens (requirements 2.2, 2.4 and 2.8).
import type { ChatbotType } from "../../common/schemas/chatbot";
import { CHATBOT_PACKAGE } from "../../common/prices";

export interface ChatbotScreenTexts {
  title: string;
  subtitle: string;
  welcome: string;
  placeholder: string;
  suggestions: string[];
}

export const CHATBOT_SCREENS: Record<ChatbotType, ChatbotScreenTexts> = {
  legal: {
    title: "Baurecht Assistent",
    subtitle: "Fragen zu VOB/B, BGB-Bauvertragsrecht, Abnahme, Mängelrechten, Nachträgen und Abrechnung",
    welcome:
      "Willkommen beim Baurecht-Assistenten! Ich beantworte Ihre Fragen zum privaten Baurecht – VOB/B, Werk- und Bauvertragsrecht des BGB, Anordnungen und Nachträge, Bedenken- und Behinderungsanzeigen, Abnahme, Mängelrechte, Abrechnung und Sicherheiten. Wie kann ich Ihnen helfen?",
    placeholder: "Ihre Frage zum Baurecht …",
    suggestions: [
      "Wie lange verjähren Mängelansprüche nach VOB/B?",
      "Welche Form braucht eine Behinderungsanzeige?",
      "Wann darf der Besteller nach § 650b BGB anordnen?",
      "Welche Wirkungen hat die Abnahme?",
    ],
  },
  construction: {
    title: "Bauausführung Assistent",
    subtitle: "Unterstützung bei Bauablauf, Aufmaß, Bautagebuch, Nachträgen, Arbeitsschutz und Terminplanung",
    welcome:
      "Willkommen beim Bauausführungs-Assistenten! Ich unterstütze Sie auf der Baustelle – bei Bauablauf und Terminplanung, Aufmaß und Mengenermittlung, Bautagebuch, Nachtragsmanagement, Arbeitsschutz und Qualitätssicherung. Wie kann ich Ihnen helfen?",
    placeholder: "Ihre Frage zur Bauausführung …",
    suggestions: [
      "Was gehört in ein Bautagebuch?",
      "Wie erstelle ich ein Aufmaß?",
      "Wann ist eine Vorankündigung nötig?",
      "Wie gehe ich bei einem Nachtrag vor?",
    ],
  },
};

/** Spec/02 section 8. */
export const ANSWER_FAILED = "Leider ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.";
export const NETWORK_FAILED = "Entschuldigung, es scheint ein technisches Problem vorzuliegen...";
export const CONVERSATION_LOAD_FAILED = "Konversation konnte nicht geladen werden";
export const LIMIT_REACHED_TITLE = "Chatbot-Limit erreicht";

const pricePerRequest = `${CHATBOT_PACKAGE.pricePerExtraRequest.toLocaleString("de-DE", { minimumFractionDigits: 2 })}€`;

export const limitReachedText = (limit: number) =>
  `Die ${limit} kostenlosen Anfragen Ihres Unternehmens in diesem Monat sind aufgebraucht. Jede weitere Anfrage kostet ${pricePerRequest}.`;

export const paidRequestsHint = `Kostenloses Kontingent aufgebraucht – jede weitere Anfrage kostet ${pricePerRequest}.`;
