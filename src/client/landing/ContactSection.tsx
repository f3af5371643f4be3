// Contact (#contact): the ways to reach the team and the contact form.
import { Clock, Mail, Phone } from "lucide-react";
import { OPENING_HOURS_TEXT } from "../site/Footer";
import { FadeIn } from "../site/FadeIn";
import { siteConfig } from "../site/site-config";
import { containerClass, sectionClass } from "../site/ui";
import { ContactForm } from "./ContactForm";

export function ContactSection() {
  const { operator } = siteConfig();
  return (
    <section id="contact" className={`${sectionClass} bg-slate-50`} aria-labelledby="contact-title">
      <FadeIn className={`${containerClass} grid gap-12 lg:grid-cols-5`}>
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Kontakt</p>
          <h2 id="contact-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Sprechen Sie mit unseren Experten
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Sie möchten eine Testanalyse anfordern, haben ein LV mit besonderem Umfang oder Fragen zu den Paketen? Schreiben Sie uns – wir
            melden uns während unserer Geschäftszeiten bei Ihnen.
          </p>
          <ul className="mt-8 space-y-4 text-slate-700">
            <li className="flex items-center gap-3">
              <Mail className="size-5 shrink-0 text-brand-600" aria-hidden />
              <a href={`mailto:${operator.email}`} className="hover:text-brand-700 hover:underline">
                {operator.email}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <Phone className="size-5 shrink-0 text-brand-600" aria-hidden />
              <a href={`tel:${operator.phoneHref}`} className="hover:text-brand-700 hover:underline">
                {operator.phone}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <Clock className="size-5 shrink-0 text-brand-600" aria-hidden />
              {OPENING_HOURS_TEXT}
            </li>
          </ul>
        </div>
        <div className="lg:col-span-3">
          <ContactForm />
        </div>
      </FadeIn>
    </section>
  );
}
