import { Page } from '../../components/Page';
import { Card } from '../../components/ui';
import { AlertForm } from './AlertForm';
import { AlertList } from './AlertList';
import styles from './Alerts.module.css';

/** The signed-in user's alerts, of every kind (guarded by path, app/session/guard.tsx). */
export default function AlertsPage() {
  return (
    <Page
      title="Alerts"
      description="Get told when a coin crosses a price or moves by a percent, when its mood turns, or when social posts start mentioning it more than usual. An alert fires once and waits until you re-arm it, unless you make it repeat."
    >
      <div className={styles.layout}>
        <Card title="Create an alert" className={styles.create}>
          <AlertForm />
        </Card>
        <Card title="Your alerts">
          <AlertList />
        </Card>
      </div>
    </Page>
  );
}
