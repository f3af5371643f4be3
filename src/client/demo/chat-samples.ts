// Static sample conversations of the two demo chatbots. The content is correct general
// information; the product's assistants answer the user's own questions.
export interface ChatLine {
  from: "user" | "bot";
  text: string;
}

export const LEGAL_SAMPLE: ChatLine[] = [
  {
    from: "user",
    text: "Der Auftraggeber verlangt eine Ausführung, die nach unserer Einschätzung nicht den anerkannten Regeln der Technik entspricht. Was müssen wir tun?",
  },
  {
    from: "bot",
    text: "Nach § 4 Abs. 3 VOB/B müssen Sie Ihre Bedenken unverzüglich – möglichst vor Beginn der betroffenen Arbeiten – schriftlich mitteilen. Beschreiben Sie konkret, welche Ausführung betroffen ist, warum Sie Bedenken haben und welche Folgen drohen. Richten Sie die Anzeige an den Auftraggeber selbst und nicht nur an dessen Architekten, vor allem wenn dieser Ihre Bedenken nicht teilt.",
  },
  { from: "user", text: "Und wenn der Auftraggeber trotzdem auf seiner Ausführung besteht?" },
  {
    from: "bot",
    text: "Dann können Sie wie angeordnet ausführen. Haben Sie Ihre Bedenken ordnungsgemäß angezeigt, sind Sie nach § 13 Abs. 3 VOB/B von der Haftung für Mängel frei, die auf die angeordnete Ausführung zurückgehen. Halten Sie die Anordnung schriftlich fest. Hinweis: Diese Antwort ersetzt keine Rechtsberatung im Einzelfall.",
  },
];

export const CONSTRUCTION_SAMPLE: ChatLine[] = [
  { from: "user", text: "Bis zu welcher Außentemperatur dürfen wir noch betonieren?" },
  {
    from: "bot",
    text: "Nach DIN 1045-3 darf der Beton bei Lufttemperaturen zwischen +5 °C und −3 °C beim Einbringen nicht kälter als +5 °C sein – bei Zementgehalten unter 240 kg/m³ oder Zementen mit niedriger Hydratationswärme nicht kälter als +10 °C. Unter −3 °C Lufttemperatur muss er beim Einbringen mindestens +10 °C haben und sollte danach mindestens drei Tage auf +10 °C gehalten werden. Nie gegen gefrorene Bauteile oder vereiste Schalung betonieren.",
  },
  { from: "user", text: "Wie lange müssen wir danach nachbehandeln?" },
  {
    from: "bot",
    text: "Die Mindestdauer richtet sich nach DIN 1045-3 nach der Oberflächentemperatur und der Festigkeitsentwicklung des Betons (Angabe auf dem Lieferschein). Beispiele: bei 15 bis 25 °C und schneller Festigkeitsentwicklung 1 Tag, bei mittlerer 2 Tage; bei 5 bis 10 °C und langsamer Festigkeitsentwicklung 10 Tage. Für Bauteile mit Verschleißbeanspruchung (Expositionsklassen XM) verdoppeln sich die Werte.",
  },
];

/** The two demo chatbots: heading, subtitle and sample conversation. */
export const DEMO_CHATS = {
  legal: { title: "Baurecht Assistent", subtitle: "Fragen zu VOB/B und BGB-Werkvertragsrecht – Beispielgespräch", lines: LEGAL_SAMPLE },
  construction: {
    title: "Bauausführung Assistent",
    subtitle: "Fragen zur Ausführung auf der Baustelle – Beispielgespräch",
    lines: CONSTRUCTION_SAMPLE,
  },
} as const;
