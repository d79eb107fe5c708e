import { FREE_CALLS_PER_MONTH } from '@coinsight/contracts';
import { Link } from 'react-router';
import { Faq } from '../../components/Faq';
import { SiteFigures } from '../../components/SiteFigures';
import { ButtonLink, Card, Container } from '../../components/ui';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useMetaDescription } from '../../lib/usePageMeta';
import { faq, features, steps, useCases } from './content';
import { HeroVisual } from './HeroVisual';
import styles from './LandingPage.module.css';
import { TitledSection } from '../../components/TitledSection';
import { formatCount } from '../../lib/formatNumber';

const freeCalls = formatCount(FREE_CALLS_PER_MONTH);

export default function LandingPage() {
  useDocumentTitle('Crypto market data and social analytics');
  useMetaDescription(
    `Coinsight: crypto prices, social mentions from Twitter, Instagram, Facebook and LinkedIn, sentiment scores and price alerts through one pay-as-you-go API. ${freeCalls} calls a month free.`,
  );
  return (
    <>
      <section className={styles.hero}>
        <Container className={styles.heroGrid}>
          <div className={styles.heroText}>
            <h1 className={styles.title}>Crypto market data and social insights in one API</h1>
            <p className={styles.lead}>
              Coinsight brings real-time prices, social mentions, price alerts and market sentiment together behind a pay-as-you-go API,
              with a dashboard to explore them.
            </p>
            <div className={styles.actions}>
              <ButtonLink to="/signup" size="lg">
                Get Started
              </ButtonLink>
              <ButtonLink to="/docs" size="lg" variant="secondary">
                View Documentation
              </ButtonLink>
            </div>
          </div>
          <HeroVisual />
        </Container>
      </section>

      <Container className={styles.sections}>
        <TitledSection id="figures-heading" title="Coinsight in figures" titleClassName={styles.visuallyHidden}>
          <SiteFigures />
        </TitledSection>

        <TitledSection id="about-heading" title="What Coinsight does" className={styles.about} titleClassName={styles.sectionTitle}>
          <p className={styles.sectionLead}>
            Coinsight collects posts about crypto assets from social media, matches each to the coins it mentions, scores its tone and keeps
            it beside market prices. Developers, businesses and researchers query all of it through one REST API with one key, and pay only
            for the calls they make.
          </p>
        </TitledSection>

        <TitledSection id="features-heading" title="Features" titleClassName={styles.sectionTitle}>
          <ul className={styles.grid}>
            {features.map((feature) => (
              <li key={feature.title}>
                <Card className={styles.card} title={feature.title} titleLevel={3}>
                  <p className={styles.cardText}>{feature.text}</p>
                </Card>
              </li>
            ))}
          </ul>
        </TitledSection>

        <TitledSection id="use-cases-heading" title="Use cases" titleClassName={styles.sectionTitle}>
          <ul className={styles.grid}>
            {useCases.map((useCase) => (
              <li key={useCase.title} className={styles.useCase}>
                <h3 className={styles.useCaseTitle}>{useCase.title}</h3>
                <p className={styles.cardText}>{useCase.text}</p>
              </li>
            ))}
          </ul>
        </TitledSection>

        <TitledSection id="steps-heading" title="Start in three steps" titleClassName={styles.sectionTitle}>
          <ol className={styles.steps}>
            {steps.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className={styles.useCaseTitle}>{step.title}</h3>
                <p className={styles.cardText}>{step.text}</p>
                <Link to={step.link.to} className={styles.stepLink}>
                  {step.link.label}
                </Link>
              </li>
            ))}
          </ol>
        </TitledSection>

        <TitledSection id="faq-heading" title="Frequently asked questions" className={styles.faq} titleClassName={styles.sectionTitle}>
          <Faq items={faq} />
        </TitledSection>

        <section aria-labelledby="cta-heading" className={styles.cta}>
          <h2 id="cta-heading" className={styles.ctaTitle}>
            Start with {freeCalls} free calls a month
          </h2>
          <p className={styles.ctaText}>No card needed. Upgrade when your project outgrows the free tier.</p>
          <ButtonLink to="/signup" size="lg">
            Sign Up Now
          </ButtonLink>
        </section>
      </Container>
    </>
  );
}
