import { Link, Navigate, useLocation } from 'react-router';
import { returnPath, useSession } from '../../app/session';
import { RegisterForm } from './RegisterForm';
import { Page } from '../../components/Page';
import { Card } from '../../components/ui';

export default function SignupPage() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (isAuthenticated) return <Navigate to={returnPath(location.state)} replace />;

  return (
    <Page
      title="Sign Up"
      description="Create a free Coinsight account to get an API key and start querying market and social data."
      width="narrow"
    >
      <Card>
        <RegisterForm />
      </Card>
      <p>
        Already have an account?{' '}
        <Link to="/login" state={location.state}>
          Sign in
        </Link>
      </p>
    </Page>
  );
}
