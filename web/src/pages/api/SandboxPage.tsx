import { Page } from '../../components/Page';

export default function SandboxPage() {
  return (
    <Page
      title="Sandbox"
      heading="API Sandbox"
      description="Pick an endpoint, write a request body and send it to the Coinsight API to see exactly what it answers, before you write any code."
    />
  );
}
