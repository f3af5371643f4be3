// /impressum (requirements 2.2): provider, representatives, contact, register, VAT id,
// dispute resolution, liability for content and links, copyright. The operator's details are
// run-time configuration (OPERATOR_* environment variables).
import { useRouteMeta } from "../seo/use-route-meta";
import { siteConfig } from "../site/site-config";
import { LegalPage, LegalSection } from "./LegalPage";

export default function ImpressumPage() {
  useRouteMeta("/impressum");
  const { operator } = siteConfig();
  return (
    <LegalPage title="Impressum">
      <LegalSection title="Angaben gemäß § 5 DDG">
        <address className="not-italic" data-testid="operator-address">
          {operator.company}
          <br />
          {operator.street}
          <br />
          {operator.city}
          <br />
          Deutschland
        </address>
      </LegalSection>

      <LegalSection title="Vertreten durch">
        <p>{operator.representatives}</p>
      </LegalSection>

      <LegalSection title="Kontakt">
        <p>
          Telefon:{" "}
          <a href={`tel:${operator.phoneHref}`} className="text-brand-700 hover:underline">
            {operator.phone}
          </a>
          <br />
          E-Mail:{" "}
          <a href={`mailto:${operator.email}`} className="text-brand-700 hover:underline">
            {operator.email}
          </a>
        </p>
      </LegalSection>

      <LegalSection title="Registereintrag">
        <p>{operator.register}</p>
      </LegalSection>

      <LegalSection title="Umsatzsteuer-ID">
        <p>
          Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: <span data-testid="operator-vat">{operator.vatId}</span>
        </p>
      </LegalSection>

      <LegalSection title="Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV">
        <p>{operator.representatives}, Anschrift wie oben</p>
      </LegalSection>

      <LegalSection title="Streitschlichtung">
        <p>
          Unser Angebot richtet sich ausschließlich an Unternehmen. Wir sind nicht bereit und nicht verpflichtet, an
          Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.
        </p>
      </LegalSection>

      <LegalSection title="Haftung für Inhalte">
        <p>
          Für eigene Inhalte auf diesen Seiten sind wir nach den allgemeinen Gesetzen verantwortlich. Für fremde Informationen, die wir
          lediglich übermitteln oder speichern, gelten die Haftungsbeschränkungen der Verordnung (EU) 2022/2065 (Digital Services Act) und
          des Digitale-Dienste-Gesetzes. Wir sind nicht verpflichtet, solche Informationen zu überwachen oder nach Umständen zu forschen,
          die auf eine rechtswidrige Tätigkeit hinweisen.
        </p>
        <p>
          Verpflichtungen zur Entfernung oder Sperrung der Nutzung von Informationen nach den allgemeinen Gesetzen bleiben hiervon
          unberührt. Eine diesbezügliche Haftung ist jedoch erst ab dem Zeitpunkt der Kenntnis einer konkreten Rechtsverletzung möglich. Bei
          Bekanntwerden entsprechender Rechtsverletzungen entfernen wir diese Inhalte umgehend.
        </p>
      </LegalSection>

      <LegalSection title="Haftung für Links">
        <p>
          Unser Angebot enthält gegebenenfalls Links zu externen Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für diese
          fremden Inhalte übernehmen wir keine Gewähr; verantwortlich ist stets der jeweilige Anbieter oder Betreiber der Seiten. Die
          verlinkten Seiten wurden zum Zeitpunkt der Verlinkung auf mögliche Rechtsverstöße überprüft; rechtswidrige Inhalte waren nicht
          erkennbar.
        </p>
        <p>
          Eine permanente inhaltliche Kontrolle der verlinkten Seiten ist ohne konkrete Anhaltspunkte einer Rechtsverletzung nicht zumutbar.
          Bei Bekanntwerden von Rechtsverletzungen entfernen wir derartige Links umgehend.
        </p>
      </LegalSection>

      <LegalSection title="Urheberrecht">
        <p>
          Die durch uns erstellten Inhalte und Werke auf diesen Seiten – insbesondere Texte, Grafiken, die Software der Plattform und die
          Auswertungen – unterliegen dem deutschen Urheberrecht. Vervielfältigung, Bearbeitung, Verbreitung und jede Art der Verwertung
          außerhalb der Grenzen des Urheberrechts bedürfen der schriftlichen Zustimmung des jeweiligen Rechteinhabers. Auswertungen dürfen
          vom Kunden im Rahmen des Vertrags für eigene Zwecke genutzt werden.
        </p>
        <p>
          Soweit Inhalte auf dieser Seite nicht von uns erstellt wurden, werden die Urheberrechte Dritter beachtet und entsprechend
          gekennzeichnet. Sollten Sie trotzdem auf eine Urheberrechtsverletzung aufmerksam werden, bitten wir um einen Hinweis.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
