import { AuthPage } from '../components/AuthPage';

const links = [
  { to: '/login', label: 'Back to sign in' },
];

export default function ForgotPasswordPage() {
  return (
    <AuthPage
      title="Forgot Password"
      description="Enter the email address of your account and we will email you a link to reset your password."
      links={links}
    />
  );
}
