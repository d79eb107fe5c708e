import { Link } from 'react-router';
import { Page } from '../../components/Page';
import { SiteFigures } from '../../components/SiteFigures';
import { Card } from '../../components/ui';
import styles from './AboutPage.module.css';
import { TitledSection } from '../../components/TitledSection';

const values = [
  {
    title: 'Innovation',
    text: 'We build the real thing: data that is stored, mail that is sent, limits that are enforced. The whole product starts with one command on an embedded PostgreSQL.',
  },
  {
    title: 'Accuracy',
    text: 'Sentiment comes from a documented method, is stored with each post and is averaged from exact sums. Figures on our pages are counted from our database, not typed in.',
  },
  {
    title: 'Accessibility',
    text: 'A free tier without a card, one API instead of an integration per platform, and pages that work with a keyboard and a screen reader, on a phone or a wide screen.',
  },
  {
    title: 'Community',
    text: 'We explain how the product works on the blog, publish the limits we enforce, and every message sent through the contact form reaches the team.',
  },
] as const;

const team = [
  {
    role: 'Founder & CEO',
    text: 'Sets the company’s direction, works with customers and partners, and answers for the promise that every public number is one we keep.',
  },
  {
    role: 'CTO',
    text: 'Leads engineering: the data pipeline, the API and its limits, security, and the infrastructure everything runs on.',
  },
  {
    role: 'Head of Product',
    text: 'Decides what the dashboard, the API and the documentation do next, from what developers, analysts and researchers ask for.',
  },
] as const;

/** Cards of a title and a line of text, in the page's grid. */
function CardGrid({ cards }: { cards: ReadonlyArray<{ title: string; text: string }> }) {
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.title}>
          <Card title={card.title} titleLevel={3} className={styles.card}>
            <p className={styles.cardText}>{card.text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export default function AboutPage() {
  return (
    <Page
      title="About"
      heading="About Coinsight"
      description="Our mission is to democratize access to crypto market data and social insights. Coinsight gives developers, businesses and researchers market prices and the social conversation around them through one pay-as-you-go API."
    >
      <TitledSection id="mission-heading" title="Our mission" className={styles.section} titleClassName={styles.heading}>
        <p className={styles.text}>
          Knowing what the crowd says about a coin used to mean building a scraper per platform, a database to keep the posts and a model to
          read them. We do that work once, openly, and sell access by the call, so that a student with a notebook and a trading team with a
          data budget query the same data at the same price per call.
        </p>
      </TitledSection>

      <TitledSection id="values-heading" title="Our values" className={styles.section} titleClassName={styles.heading}>
        <CardGrid cards={values} />
      </TitledSection>

      <TitledSection id="team-heading" title="Our team" className={styles.section} titleClassName={styles.heading}>
        <p className={styles.text}>Three roles lead Coinsight.</p>
        <CardGrid cards={team.map(({ role, text }) => ({ title: role, text }))} />
      </TitledSection>

      <TitledSection id="figures-heading" title="Coinsight today" className={styles.section} titleClassName={styles.heading}>
        <SiteFigures />
        <p className={styles.note}>
          The first two figures are counted in this installation’s database when you open the page; the other two are the price and the free
          allowance the API enforces. For the service’s current state, see the status line at the foot of every page, or{' '}
          <Link to="/contact">ask us</Link>.
        </p>
      </TitledSection>
    </Page>
  );
}
