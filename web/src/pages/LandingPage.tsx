import { ButtonLink, Card, Container } from '../components/ui';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import styles from './LandingPage.module.css';

const features = [
  { title: 'Real-time prices', text: 'Current prices, 24-hour change and volume for the crypto assets we track.' },
  { title: 'Social mentions', text: 'What Twitter, Instagram and Facebook are saying about each coin.' },
  { title: 'Price alerts', text: 'Be notified when a symbol crosses the price you care about.' },
  { title: 'Market sentiment', text: 'A sentiment score per asset, built from social conversation.' },
];

export default function LandingPage() {
  useDocumentTitle('Crypto market data and social analytics');
  return (
    <section className={styles.hero}>
      <Container>
        <div className={styles.heroText}>
          <h1 className={styles.title}>Crypto market data and social insights in one API</h1>
          <p className={styles.lead}>
            Coinsight brings real-time prices, social mentions, price alerts and market sentiment together behind a
            pay-as-you-go API, with a dashboard to explore them.
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
        <ul className={styles.features}>
          {features.map((feature) => (
            <li key={feature.title}>
              <Card className={styles.feature} title={feature.title}>
                <p className={styles.featureText}>{feature.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
