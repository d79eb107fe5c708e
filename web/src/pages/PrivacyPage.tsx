import { Page } from '../components/Page';

export default function PrivacyPage() {
  return (
    <Page
      title="Privacy Policy"
      description="How Coinsight collects, uses, stores and protects your personal data, and the choices you have about it."
    />
  );
}
