// The four offers of requirements 1.9, every line of it, from the shared price constants.
import { euro as formatEuro } from "./euro";
import {
  ANALYSIS_DELIVERY_HOURS,
  AUSFUEHRUNGSPAKET,
  CHATBOT_PACKAGE,
  KALKULATIONSPAKET,
  PACKAGE_IDS,
  PACKAGE_NAMES,
} from "../../common/prices";

export interface PackageOffer {
  id: number;
  name: string;
  tagline: string;
  price: string;
  priceUnit: string;
  recommended?: boolean;
  lines: string[];
}

export const PACKAGE_OFFERS: PackageOffer[] = [
  {
    id: PACKAGE_IDS.kalkulationspaket,
    name: PACKAGE_NAMES[PACKAGE_IDS.kalkulationspaket],
    tagline: "Für die Angebotsphase: Risiken und Chancen des LV vor der Kalkulation kennen.",
    price: formatEuro(KALKULATIONSPAKET.basePerLv),
    priceUnit: "Servicegebühr pro LV",
    lines: [
      `${formatEuro(KALKULATIONSPAKET.perPosition)} pro Position`,
      `Einmalige Einrichtungsgebühr ${formatEuro(KALKULATIONSPAKET.setupFee)}`,
      `Ergebnis innerhalb von ${ANALYSIS_DELIVERY_HOURS} Stunden`,
      "5 Benutzer im Dashboard",
      "Doppelte oder ähnliche Positionen werden nicht berechnet",
    ],
  },
  {
    id: PACKAGE_IDS.ausfuehrungspaket,
    name: PACKAGE_NAMES[PACKAGE_IDS.ausfuehrungspaket],
    tagline: "Für Angebot und Ausführung: die Auswertung begleitet Sie bis auf die Baustelle.",
    price: formatEuro(AUSFUEHRUNGSPAKET.basePerLv),
    priceUnit: "Servicegebühr pro LV",
    recommended: true,
    lines: [
      `${formatEuro(AUSFUEHRUNGSPAKET.perPosition)} pro Position`,
      `Einmalige Einrichtungsgebühr ${formatEuro(AUSFUEHRUNGSPAKET.setupFee)}`,
      `Ergebnis innerhalb von ${ANALYSIS_DELIVERY_HOURS} Stunden`,
      "10 Benutzer im Dashboard",
      "Kostenlose Anpassung und Überarbeitung der Ergebnisse",
    ],
  },
  {
    id: PACKAGE_IDS.partnerschaft,
    name: PACKAGE_NAMES[PACKAGE_IDS.partnerschaft],
    tagline: "Für Unternehmen mit regelmäßigem Ausschreibungsvolumen: individuell vereinbart.",
    price: "Preis auf Anfrage",
    priceUnit: "individuelle Vereinbarung",
    lines: [
      "Einrichtung und Onboarding inklusive",
      "Mindestlaufzeit 3 Monate",
      "Unbegrenzte Anzahl an Benutzern",
      "Keine Kosten für die Anfrage",
      "Workshop vor Vertragsabschluss",
    ],
  },
  {
    id: PACKAGE_IDS.chatbot,
    name: PACKAGE_NAMES[PACKAGE_IDS.chatbot],
    tagline: "Baurecht Assistent und Bauausführung Assistent für Ihr ganzes Team.",
    price: formatEuro(CHATBOT_PACKAGE.monthlyPrice),
    priceUnit: "pro Monat",
    lines: [
      `Bis zu ${CHATBOT_PACKAGE.includedRequests} Anfragen pro Monat`,
      `Jede weitere Anfrage ${formatEuro(CHATBOT_PACKAGE.pricePerExtraRequest)}`,
      "Keine Einrichtungsgebühr",
      "Rund um die Uhr verfügbar (24/7)",
      "Testversion im Demo-Dashboard sichtbar",
    ],
  },
];
