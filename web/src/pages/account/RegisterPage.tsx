import { Navigate, useLocation } from 'react-router';
import { returnPath, useSession } from '../../app/session';
import { RegisterForm } from './RegisterForm';
import { AuthPage } from './AuthPage';

export default function RegisterPage() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (isAuthenticated) return <Navigate to={returnPath(location.state)} replace />;

  const links = [{ to: '/login', label: 'Already have an account? Sign in', state: location.state }];
  return (
    <AuthPage
      title="Create an Account"
      description="Choose a username, enter your email address and pick a password to create your Coinsight account."
      links={links}
    >
      <RegisterForm />
    </AuthPage>
  );
}
