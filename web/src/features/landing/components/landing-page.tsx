import { useDocumentTitle } from '@/hooks/use-document-title';
import { Hero } from './hero';
import { AiSection, Comparison, FeatureGroups, Features, Integrations, LandingFooter, Pricing } from './landing-sections';
import { LandingTopBar } from './landing-top-bar';
import './landing.css';

/** The public landing page (spec core §2). */
export function LandingPage() {
  useDocumentTitle(undefined);
  return (
    <div className="landing">
      <LandingTopBar />
      <main>
        <Hero />
        <Comparison />
        <Features />
        <FeatureGroups />
        <Integrations />
        <AiSection />
        <Pricing />
      </main>
      <LandingFooter />
    </div>
  );
}
