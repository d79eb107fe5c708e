import Bowser from 'bowser';

/**
 * A person's name for the device a session signed in from, read from its user agent: `Chrome 131
 * on macOS`, `Safari 18 on iOS (mobile)`; for a program, its product token (`curl 8.5.0`).
 */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent?.trim()) return 'Unknown device';
  const { browser, os, platform } = Bowser.parse(userAgent);
  if (!browser.name) return productToken(userAgent);
  const major = browser.version?.split('.')[0];
  const name = major ? `${browser.name} ${major}` : browser.name;
  const system = os.name ? ` on ${os.name}` : '';
  const kind = platform.type === 'mobile' || platform.type === 'tablet' ? ` (${platform.type})` : '';
  return `${name}${system}${kind}`;
}

function productToken(userAgent: string): string {
  const first = userAgent.trim().split(/\s+/)[0] ?? '';
  return first.replace('/', ' ').slice(0, 60) || 'Unknown device';
}
