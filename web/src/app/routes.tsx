import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AuthLayout } from './AuthLayout';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { GuardedOutlet } from './session';

// Each page is its own chunk; the layouts' Suspense shows the spinner while one loads.
function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return <Page />;
}

const layoutPages: RouteObject[] = [
  { index: true, element: page(() => import('../pages/LandingPage')) },
  { path: 'about', element: page(() => import('../pages/AboutPage')) },
  { path: 'api', element: page(() => import('../pages/ApiPage')) },
  { path: 'docs', element: page(() => import('../pages/DocsPage')) },
  { path: 'docs/getting-started', element: page(() => import('../pages/DocsGettingStartedPage')) },
  { path: 'docs/data-analysis', element: page(() => import('../pages/DocsDataAnalysisPage')) },
  { path: 'docs/alerts', element: page(() => import('../pages/DocsAlertsPage')) },
  { path: 'blog', element: page(() => import('../pages/BlogPage')) },
  { path: 'blog/:slug', element: page(() => import('../pages/BlogPostPage')) },
  { path: 'sandbox', element: page(() => import('../pages/SandboxPage')) },
  { path: 'contact', element: page(() => import('../pages/ContactPage')) },
  { path: 'dashboard', element: page(() => import('../pages/DashboardPage')) },
  { path: 'profile', element: page(() => import('../pages/ProfilePage')) },
  { path: 'social', element: page(() => import('../pages/SocialPage')) },
  { path: 'social/twitter', element: page(() => import('../pages/TwitterPage')) },
  { path: 'social/instagram', element: page(() => import('../pages/InstagramPage')) },
  { path: 'social/facebook', element: page(() => import('../pages/FacebookPage')) },
  { path: 'social/linkedin', element: page(() => import('../pages/LinkedinPage')) },
  { path: 'social/analytics', element: page(() => import('../pages/SocialAnalyticsPage')) },
  { path: 'tasks', element: page(() => import('../pages/TasksPage')) },
  { path: 'scraping-tasks', element: page(() => import('../pages/ScrapingTasksPage')) },
  { path: 'market', element: page(() => import('../pages/MarketPage')) },
  { path: 'explorer', element: page(() => import('../pages/ExplorerPage')) },
  { path: 'settings', element: page(() => import('../pages/SettingsPage')) },
  { path: 'terms', element: page(() => import('../pages/TermsPage')) },
  { path: 'privacy', element: page(() => import('../pages/PrivacyPage')) },
  { path: 'signup', element: page(() => import('../pages/SignupPage')) },
  { path: 'resources', element: page(() => import('../pages/ResourcesPage')) },
  { path: 'pricing', element: page(() => import('../pages/PricingPage')) },
  { path: '*', element: <NotFound /> },
];

const authPages: RouteObject[] = [
  { path: 'login', element: page(() => import('../pages/LoginPage')) },
  { path: 'register', element: page(() => import('../pages/RegisterPage')) },
  { path: 'forgot-password', element: page(() => import('../pages/ForgotPasswordPage')) },
  { path: 'reset-password', element: page(() => import('../pages/ResetPasswordPage')) },
  { path: 'verify-email', element: page(() => import('../pages/account/VerifyEmailPage')) },
  { path: 'revert-email', element: page(() => import('../pages/account/RevertEmailPage')) },
];

export const routes: RouteObject[] = [
  {
    element: <RouteErrorBoundary />,
    children: [
      // The guard decides by path (session/guard.tsx): pages added under /social and the other account and data paths are covered.
      { path: '/', element: <Layout />, children: [{ element: <GuardedOutlet />, children: layoutPages }] },
      { element: <AuthLayout />, children: authPages },
    ],
  },
];
