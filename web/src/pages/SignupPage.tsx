import { Link } from 'react-router';
import { Page } from '../components/Page';
import { ButtonLink } from '../components/ui';

export default function SignupPage() {
  return (
    <Page
      title="Sign Up"
      description="Create a free Coinsight account to get an API key and start querying market and social data."
      width="narrow"
      actions={<ButtonLink to="/register">Create an account</ButtonLink>}
    >
      <p>
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </Page>
  );
}
