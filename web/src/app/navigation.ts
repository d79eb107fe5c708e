/** The site's navigation targets (docs/product.md §2, shared layout). */
export interface NavItem {
  label: string;
  to: string;
}

export const productLinks: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Market', to: '/market' },
  { label: 'Data Explorer', to: '/explorer' },
  { label: 'Social', to: '/social' },
  { label: 'Sandbox', to: '/sandbox' },
];

// The spec sends Scraping Tasks to different paths on desktop and mobile; both pages exist.
export function solutionLinks(surface: 'desktop' | 'mobile'): readonly NavItem[] {
  return [
    { label: 'API', to: '/api' },
    { label: 'Scraping Tasks', to: surface === 'desktop' ? '/tasks' : '/scraping-tasks' },
    { label: 'Blog', to: '/blog' },
  ];
}

export const headerLinks: readonly NavItem[] = [
  { label: 'Resources', to: '/resources' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
];

export const footerLinks: readonly NavItem[] = [
  { label: 'Terms', to: '/terms' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'Contact', to: '/contact' },
];

/** The signed-in user's menu, besides Sign Out; Alerts joins the two of docs/product.md §2. */
export const accountLinks: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Alerts', to: '/alerts' },
  { label: 'Settings', to: '/settings' },
];

export const SIGN_IN_PATH = '/login';
