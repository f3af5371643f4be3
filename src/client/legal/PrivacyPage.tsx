// /datenschutz: the privacy policy (Art. 13 DSGVO) — controller from OPERATOR_*, what the platform
// stores (accounts, tender files and evaluations, chatbot conversations, inquiries, sessions and
// logs), why, how long, the processors (the configured language model and mail server, named by
// the server at run time) and the data subject's rights. Pre-rendered like /impressum.
import { Link } from "react-router";
import { useRouteMeta } from "../seo/use-route-meta";
import { siteConfig } from "../site/site-config";
import { LegalPage, LegalSection } from "./LegalPage";

// Underlined: links inside running text must not rely on colour alone (axe link-in-text-block).
const link = "text-brand-700 underline underline-offset-2 hover:text-brand-800";

export default function PrivacyPage() {
  useRouteMeta("/datenschutz");
  const { operator, processors } = siteConfig();
  return (
    <LegalPage title="Datenschutzerklärung" intro="Wie wir mit personenbezogenen Daten auf der bauklar Plattform umgehen.">
      <LegalSection title="Verantwortlicher">
        <address className="not-italic" data-testid="privacy-controller">
          {operator.company}
          <br />
          {operator.street}
          <br />
          {operator.city}
          <br />
          Vertreten durch: {operator.representatives}
          <br />
          E-Mail:{" "}
          <a href={`mailto:${operator.email}`} className={link}>
            {operator.email}
          </a>
          <br />
          Telefon:{" "}
          <a href={`tel:${operator.phoneHref}`} className={link}>
            {operator.phone}
          </a>
        </address>
        <p>
          Fragen zum Datenschutz und Anträge auf Auskunft, Berichtigung oder Löschung richten Sie bitte an die oben genannte E-Mail-Adresse.
        </p>
      </LegalSection>

      <LegalSection title="Welche Daten wir speichern und wozu">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Benutzerkonten:</strong> Vor- und Nachname, Benutzername, E-Mail-Adresse, Rolle, Unternehmen, das Passwort nur als Hash,
            gegebenenfalls der zweite Faktor. Zweck: Anmeldung und Zugriff nur auf die Projekte des eigenen Unternehmens (Vertragserfüllung,
            Art. 6 Abs. 1 lit. b DSGVO).
          </li>
          <li>
            <strong>Ausschreibungsdateien und Auswertungen:</strong> die hochgeladenen Leistungsverzeichnisse (GAEB, PDF, Excel, CSV), die
            daraus gelesenen Positionen, die automatische Vorprüfung, die Prüfung durch unsere Experten und die Auswertungen sowie die
            Projektangaben (Name, Kostenstelle, Ansprechpartner, Kontakt-E-Mail). Zweck: die beauftragte Analyse (Art. 6 Abs. 1 lit. b
            DSGVO).
          </li>
          <li>
            <strong>Chatbot-Gespräche:</strong> Ihre Fragen und die Antworten der Assistenten sowie die Zahl der Anfragen je Monat. Zweck:
            der Gesprächsverlauf für Sie und die Abrechnung des Kontingents (Art. 6 Abs. 1 lit. b DSGVO).
          </li>
          <li>
            <strong>Anfragen:</strong> die Angaben aus dem Kontaktformular und dem Mitgliedschaftsantrag (Name, Firma, Anschrift, E-Mail,
            Telefon, Nachricht). Zweck: die Bearbeitung Ihrer Anfrage (Art. 6 Abs. 1 lit. b und f DSGVO).
          </li>
          <li>
            <strong>Sitzungen und Protokolle:</strong> ein Sitzungs-Cookie (technisch notwendig, keine Tracking-Cookies), zu jeder Sitzung
            Zeitpunkt, IP-Adresse und Browser, sowie ein Protokoll sicherheitsrelevanter Vorgänge (Anmeldungen, fehlgeschlagene Anmeldungen,
            Änderungen an Konten und Projekten). Zweck: Sicherheit der Plattform und Nachweis (Art. 6 Abs. 1 lit. f DSGVO).
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Wie lange wir Daten speichern">
        <ul className="list-disc space-y-2 pl-5">
          <li>Benutzerkonten bis zu ihrer Löschung durch den Administrator Ihres Unternehmens oder durch uns.</li>
          <li>Ausschreibungsdateien, Prüfungen und Auswertungen so lange, wie das Projekt besteht; mit dem Projekt werden sie gelöscht.</li>
          <li>Chatbot-Gespräche, bis Sie sie löschen oder Ihr Konto gelöscht wird.</li>
          <li>Anfragen, solange sie für die Bearbeitung und eine daraus folgende Geschäftsbeziehung nötig sind.</li>
          <li>
            Sitzungen enden mit der Abmeldung oder nach Ablauf der Sitzungsdauer und werden dann gelöscht; Protokolleinträge bewahren wir
            auf, solange sie zur Aufklärung von Sicherheitsvorfällen und als Nachweis erforderlich sind.
          </li>
          <li>Gesetzliche Aufbewahrungspflichten (z. B. für Rechnungen nach HGB und AO) bleiben unberührt.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Empfänger und Auftragsverarbeiter">
        <p data-testid="privacy-llm">{processors.llm}</p>
        <p data-testid="privacy-mail">{processors.mail}</p>
        <p>
          Mit Auftragsverarbeitern schließen wir Verträge nach Art. 28 DSGVO. Eine Übermittlung in Länder außerhalb der EU findet nur statt,
          wenn dafür die Voraussetzungen der Art. 44 ff. DSGVO erfüllt sind. Ihre Daten verkaufen wir nicht und nutzen sie nicht für
          Werbung.
        </p>
      </LegalSection>

      <LegalSection title="Ihre Rechte">
        <p>Sie haben das Recht auf</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Auskunft über die zu Ihnen gespeicherten Daten (Art. 15 DSGVO),</li>
          <li>Berichtigung unrichtiger Daten (Art. 16 DSGVO),</li>
          <li>Löschung (Art. 17 DSGVO) und Einschränkung der Verarbeitung (Art. 18 DSGVO),</li>
          <li>Datenübertragbarkeit (Art. 20 DSGVO),</li>
          <li>Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO),</li>
          <li>Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO), etwa der Ihres Wohnorts oder unseres Sitzes.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Pflicht zur Bereitstellung">
        <p>
          Ohne die Angaben zum Benutzerkonto können wir Ihnen keinen Zugang einrichten; ohne Ausschreibungsdatei keine Analyse erstellen.
          Die übrigen Angaben sind freiwillig. Eine automatisierte Entscheidungsfindung im Sinne von Art. 22 DSGVO findet nicht statt: Die
          automatische Vorprüfung ist ein Hilfsmittel, die Auswertung prüfen unsere Experten.
        </p>
      </LegalSection>

      <LegalSection title="Weitere Informationen">
        <p>
          Anbieterangaben finden Sie im{" "}
          <Link to="/impressum" className={link}>
            Impressum
          </Link>
          , die Vertragsbedingungen in den{" "}
          <Link to="/agb" className={link}>
            AGB
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
