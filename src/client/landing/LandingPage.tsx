// The landing page of requirements 1.2: hero, features, services, interactive demo, value
// analysis with calculator, pricing, contact, formats strip and footer.
import { useRouteMeta } from "../seo/use-route-meta";
import { PublicLayout } from "../site/PublicLayout";
import { ContactSection } from "./ContactSection";
import { DemoSection } from "./DemoSection";
import { FeaturesSection } from "./FeaturesSection";
import { FormatsStrip } from "./FormatsStrip";
import { HeroSection } from "./HeroSection";
import { PricingSection } from "./PricingSection";
import { ServicesSection } from "./ServicesSection";
import { ValueSection } from "./ValueSection";

export default function LandingPage() {
  useRouteMeta("/");
  return (
    <PublicLayout>
      <HeroSection />
      <FeaturesSection />
      <ServicesSection />
      <DemoSection />
      <ValueSection />
      <PricingSection />
      <ContactSection />
      <FormatsStrip />
    </PublicLayout>
  );
}
