import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AuthLayout } from './AuthLayout';
import { lazyWithQueries } from './dataLayer/lazyWithQueries';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { GuardedOutlet } from './session';

// Each page is its own chunk; the layouts' Suspense shows the spinner while one loads. A page
// loads the query layer (tRPC's hooks, TanStack Query) along with its chunk.
function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazyWithQueries(load);
  return <Page />;
}

/**
 * A page that uses no query hooks (public reads at most, lib/publicReads.ts): it runs without the
 * query layer, so the landing page and the static pages load none of its code
 * (docs/web-performance.md). A query hook on such a page finds no provider and throws in its tests.
 */
function staticPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return <Page />;
}

const layoutPages: RouteObject[] = [
  { index: true, element: staticPage(() => import('../pages/landing/LandingPage')) },
  { path: 'about', element: staticPage(() => import('../pages/site/AboutPage')) },
  { path: 'api', element: page(() => import('../pages/api/ApiPage')) },
  { path: 'docs', element: staticPage(() => import('../pages/docs/DocsPage')) },
  { path: 'docs/getting-started', element: staticPage(() => import('../pages/docs/DocsGettingStartedPage')) },
  { path: 'docs/data-analysis', element: staticPage(() => import('../pages/docs/DocsDataAnalysisPage')) },
  { path: 'docs/alerts', element: staticPage(() => import('../pages/docs/DocsAlertsPage')) },
  { path: 'blog', element: page(() => import('../pages/blog/BlogPage')) },
  { path: 'blog/:slug', element: page(() => import('../pages/blog/BlogPostPage')) },
  { path: 'sandbox', element: page(() => import('../pages/api/SandboxPage')) },
  { path: 'contact', element: page(() => import('../pages/contact/ContactPage')) },
  { path: 'newsletter/confirm', element: page(() => import('../pages/site/NewsletterConfirmPage')) },
  { path: 'newsletter/unsubscribe', element: page(() => import('../pages/site/NewsletterUnsubscribePage')) },
  { path: 'dashboard', element: page(() => import('../pages/dashboard/DashboardPage')) },
  { path: 'profile', element: page(() => import('../pages/account/ProfilePage')) },
  { path: 'social', element: page(() => import('../pages/social/SocialPage')) },
  { path: 'social/twitter', element: page(() => import('../pages/social/TwitterPage')) },
  { path: 'social/instagram', element: page(() => import('../pages/social/InstagramPage')) },
  { path: 'social/facebook', element: page(() => import('../pages/social/FacebookPage')) },
  { path: 'social/linkedin', element: page(() => import('../pages/social/LinkedinPage')) },
  { path: 'social/analytics', element: page(() => import('../pages/social/SocialAnalyticsPage')) },
  { path: 'topics/:topic', element: page(() => import('../pages/social/TopicPage')) },
  { path: 'creators/:platform/:handle', element: page(() => import('../pages/social/CreatorPage')) },
  { path: 'tasks', element: page(() => import('../pages/tasks/TasksPage')) },
  { path: 'tasks/:id', element: page(() => import('../pages/tasks/TaskPage')) },
  // The spec's mobile menu links /scraping-tasks; it is the one tasks page, not a second one.
  { path: 'scraping-tasks', element: <Navigate to="/tasks" replace /> },
  { path: 'market', element: page(() => import('../pages/market/MarketPage')) },
  { path: 'market/:symbol', element: page(() => import('../pages/market/AssetPage')) },
  { path: 'explorer', element: page(() => import('../pages/social/ExplorerPage')) },
  { path: 'alerts', element: page(() => import('../pages/alerts/AlertsPage')) },
  { path: 'team-invitation', element: page(() => import('../pages/teams/TeamInvitationPage')) },
  { path: 'settings', element: page(() => import('../pages/account/SettingsPage')) },
  { path: 'terms', element: staticPage(() => import('../pages/site/TermsPage')) },
  { path: 'privacy', element: staticPage(() => import('../pages/site/PrivacyPage')) },
  { path: 'signup', element: page(() => import('../pages/account/SignupPage')) },
  { path: 'resources', element: staticPage(() => import('../pages/site/ResourcesPage')) },
  { path: 'pricing', element: staticPage(() => import('../pages/site/PricingPage')) },
  { path: '*', element: <NotFound /> },
];

const authPages: RouteObject[] = [
  { path: 'login', element: page(() => import('../pages/account/LoginPage')) },
  { path: 'register', element: page(() => import('../pages/account/RegisterPage')) },
  { path: 'forgot-password', element: page(() => import('../pages/account/ForgotPasswordPage')) },
  { path: 'reset-password', element: page(() => import('../pages/account/ResetPasswordPage')) },
  { path: 'verify-email', element: page(() => import('../pages/account/VerifyEmailPage')) },
  { path: 'revert-email', element: page(() => import('../pages/account/RevertEmailPage')) },
  { path: 'confirm-email', element: page(() => import('../pages/account/ConfirmAccountPage')) },
  { path: 'sign-in-link', element: page(() => import('../pages/account/SignInLinkPage')) },
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
