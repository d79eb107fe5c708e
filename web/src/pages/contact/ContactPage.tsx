import { Page } from '../../components/Page';
import { Card } from '../../components/ui';
import { ContactChannels } from './ContactChannels';
import { ContactForm } from './ContactForm';
import styles from './ContactPage.module.css';

export default function ContactPage() {
  return (
    <Page
      title="Contact"
      heading="Contact Us"
      description="Questions about the API, your account or billing, or a partnership in mind? Send the team a message and we will reply by email."
    >
      <div className={styles.layout}>
        <Card title="Send us a message" titleLevel={2}>
          <ContactForm />
        </Card>
        <ContactChannels />
      </div>
    </Page>
  );
}
