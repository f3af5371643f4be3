// /agb (requirements 2.2): scope, contract formation, services, non-binding recommendations,
// liability (intent and gross negligence), prices, payment (14 days, 8 points above the base
// rate), withdrawal, data protection, final provisions (jurisdiction Butzbach). Dated
// 26 May 2025. The provider's details are run-time configuration.
import { ANALYSIS_DELIVERY_HOURS } from "../../common/prices";
import { useRouteMeta } from "../seo/use-route-meta";
import { siteConfig } from "../site/site-config";
import { LegalPage, LegalSection } from "./LegalPage";

export const AGB_DATE = "26. Mai 2025";
export const JURISDICTION = "Butzbach";
export const PAYMENT_DAYS = 14;
export const DEFAULT_INTEREST_POINTS = 8;

export default function AgbPage() {
  useRouteMeta("/agb");
  const { operator } = siteConfig();
  return (
    <LegalPage
      title="Allgemeine Geschäftsbedingungen"
      intro={
        <p>
          Stand: <span data-testid="agb-date">{AGB_DATE}</span>
        </p>
      }
    >
      <LegalSection title="Anbieter">
        <p>
          {operator.company}, {operator.street}, {operator.city} (nachfolgend „Anbieter“), vertreten durch {operator.representatives}.
          Kontakt: {operator.email}, {operator.phone}.
        </p>
      </LegalSection>

      <LegalSection title="§ 1 Geltungsbereich">
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            Diese Allgemeinen Geschäftsbedingungen gelten für alle Verträge über die Nutzung der Plattform bauklar und die damit verbundenen
            Leistungen, insbesondere die KI-gestützte Analyse von Leistungsverzeichnissen und die Chatbots.
          </li>
          <li>
            Das Angebot richtet sich ausschließlich an Unternehmer im Sinne von § 14 BGB, juristische Personen des öffentlichen Rechts und
            öffentlich-rechtliche Sondervermögen (nachfolgend „Kunde“).
          </li>
          <li>
            Abweichende, entgegenstehende oder ergänzende Geschäftsbedingungen des Kunden werden nur Vertragsbestandteil, wenn der Anbieter
            ihrer Geltung ausdrücklich in Textform zustimmt.
          </li>
        </ol>
      </LegalSection>

      <LegalSection title="§ 2 Vertragsschluss">
        <ol className="list-decimal space-y-2 pl-5">
          <li>Die Darstellung der Pakete auf der Website ist kein bindendes Angebot, sondern eine Aufforderung zur Anfrage.</li>
          <li>
            Mit der Mitgliedschaftsanfrage oder einer Anfrage über das Kontaktformular gibt der Kunde eine unverbindliche Anfrage ab. Die
            Pakete sind nur nach persönlicher Kontaktaufnahme verfügbar.
          </li>
          <li>
            Der Vertrag kommt nach persönlicher Abstimmung durch die Auftragsbestätigung des Anbieters in Textform zustande. Einzelne
            Analyseaufträge innerhalb eines bestehenden Vertrags kommen mit der Bestätigung des jeweiligen Auftrags zustande.
          </li>
          <li>
            Der Zugang zur Plattform erfolgt ausschließlich über persönliche Einladungslinks. Der Kunde hält Zugangsdaten geheim und ist für
            die Nutzung durch die von ihm eingeladenen Personen verantwortlich.
          </li>
        </ol>
      </LegalSection>

      <LegalSection title="§ 3 Leistungen">
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            Der Anbieter analysiert vom Kunden hochgeladene Leistungsverzeichnisse (GAEB DA XML X83/X84 oder PDF) mit KI-Unterstützung und
            stellt das Ergebnis als HTML-Auswertung im jeweiligen Projekt bereit. Umfang und Schwerpunkte ergeben sich aus dem gebuchten
            Paket.
          </li>
          <li>
            Die Auswertung wird innerhalb von {ANALYSIS_DELIVERY_HOURS} Stunden nach Auftragsbestätigung bereitgestellt. Die Frist setzt
            voraus, dass die Unterlagen vollständig und lesbar vorliegen.
          </li>
          <li>
            Das Chatbot-Paket umfasst den Baurecht Assistenten und den Bauausführung Assistenten mit dem vereinbarten monatlichen
            Anfragekontingent. Weitere Anfragen werden nach der jeweils gültigen Preisliste berechnet.
          </li>
          <li>
            Der Anbieter stellt die Plattform mit der im Rahmen des technisch Zumutbaren höchstmöglichen Verfügbarkeit bereit.
            Wartungsarbeiten werden nach Möglichkeit außerhalb der üblichen Geschäftszeiten durchgeführt.
          </li>
        </ol>
      </LegalSection>

      <LegalSection title="§ 4 Unverbindlichkeit der Empfehlungen">
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            Analysen, Hinweise, Empfehlungen und Antworten der Chatbots werden mit KI-Unterstützung erstellt. Sie sind unverbindlich und
            dienen als Entscheidungshilfe.
          </li>
          <li>
            Sie stellen keine Rechtsberatung im Sinne des Rechtsdienstleistungsgesetzes und keine Fachplanung dar und ersetzen nicht die
            eigene fachliche Prüfung durch den Kunden. Die Verantwortung für Kalkulation, Angebot, Vertragsgestaltung und Ausführung
            verbleibt beim Kunden.
          </li>
        </ol>
      </LegalSection>

      <LegalSection title="§ 5 Haftung">
        <ol className="list-decimal space-y-2 pl-5">
          <li>Der Anbieter haftet – gleich aus welchem Rechtsgrund – nur für Vorsatz und grobe Fahrlässigkeit.</li>
          <li>
            Unberührt bleibt die Haftung für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit, nach dem
            Produkthaftungsgesetz sowie bei leicht fahrlässiger Verletzung wesentlicher Vertragspflichten; im letzten Fall ist die Haftung
            auf den vertragstypischen, vorhersehbaren Schaden begrenzt.
          </li>
          <li>Die vorstehenden Regelungen gelten auch zugunsten der Mitarbeiter und Erfüllungsgehilfen des Anbieters.</li>
        </ol>
      </LegalSection>

      <LegalSection title="§ 6 Preise">
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            Es gelten die bei Vertragsschluss vereinbarten Preise gemäß der Preisübersicht auf der Website oder dem individuellen Angebot.
          </li>
          <li>Alle Preise verstehen sich netto zuzüglich der gesetzlichen Umsatzsteuer.</li>
          <li>
            Einrichtungsgebühren werden einmalig berechnet. Im Kalkulationspaket werden doppelte oder ähnliche Positionen nicht berechnet.
          </li>
        </ol>
      </LegalSection>

      <LegalSection title="§ 7 Zahlung">
        <ol className="list-decimal space-y-2 pl-5">
          <li data-testid="agb-payment">
            Rechnungen sind innerhalb von {PAYMENT_DAYS} Tagen nach Rechnungsstellung ohne Abzug zur Zahlung fällig.
          </li>
          <li data-testid="agb-interest">
            Gerät der Kunde in Zahlungsverzug, schuldet er Verzugszinsen in Höhe von {DEFAULT_INTEREST_POINTS} Prozentpunkten über dem
            jeweiligen Basiszinssatz (§ 288 Abs. 2 BGB). Die Geltendmachung eines weiteren Verzugsschadens bleibt vorbehalten.
          </li>
          <li>Eine Aufrechnung ist nur mit unbestrittenen oder rechtskräftig festgestellten Forderungen zulässig.</li>
        </ol>
      </LegalSection>

      <LegalSection title="§ 8 Widerrufsrecht">
        <p>
          Das Angebot richtet sich ausschließlich an Unternehmer. Ein gesetzliches Widerrufsrecht, wie es Verbrauchern bei
          Fernabsatzverträgen zusteht, besteht daher nicht. Vertraglich vereinbarte Kündigungsrechte, etwa nach Ablauf der Mindestlaufzeit
          einer Partnerschaft, bleiben unberührt.
        </p>
      </LegalSection>

      <LegalSection title="§ 9 Datenschutz">
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            Der Anbieter verarbeitet personenbezogene Daten nach den Vorgaben der Datenschutz-Grundverordnung (DSGVO) und des
            Bundesdatenschutzgesetzes.
          </li>
          <li>
            Hochgeladene Ausschreibungsunterlagen und Auswertungen werden vertraulich behandelt, nur zur Erbringung der vereinbarten
            Leistungen verwendet und sind nur für Benutzer des jeweiligen Kunden sichtbar.
          </li>
          <li>
            Soweit der Anbieter personenbezogene Daten im Auftrag des Kunden verarbeitet, schließen die Parteien einen Vertrag zur
            Auftragsverarbeitung nach Art. 28 DSGVO.
          </li>
        </ol>
      </LegalSection>

      <LegalSection title="§ 10 Schlussbestimmungen">
        <ol className="list-decimal space-y-2 pl-5">
          <li>Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts.</li>
          <li data-testid="agb-jurisdiction">
            Ausschließlicher Gerichtsstand für alle Streitigkeiten aus dem Vertragsverhältnis ist {JURISDICTION}, soweit der Kunde Kaufmann,
            juristische Person des öffentlichen Rechts oder öffentlich-rechtliches Sondervermögen ist.
          </li>
          <li>Änderungen und Ergänzungen des Vertrags bedürfen der Textform.</li>
          <li>
            Sollten einzelne Bestimmungen dieser Bedingungen unwirksam sein oder werden, bleibt die Wirksamkeit der übrigen Bestimmungen
            unberührt.
          </li>
        </ol>
      </LegalSection>
    </LegalPage>
  );
}
