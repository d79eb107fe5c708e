import cliProgress from 'cli-progress';

export interface Progress {
  update(value: number, payload?: Record<string, unknown>): void;
  stop(): void;
}

/**
 * A progress bar on stderr when a person is watching (a TTY); nothing otherwise, so logs and
 * CI output get one summary line instead of hundreds of redraws.
 */
export function startProgress(total: number, format: string, payload: Record<string, unknown> = {}): Progress {
  if (!process.stderr.isTTY) return { update: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar({ format, stream: process.stderr, hideCursor: true, fps: 5 }, cliProgress.Presets.shades_classic);
  bar.start(total, 0, payload);
  return { update: (value, extra) => bar.update(value, extra), stop: () => bar.stop() };
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** "1,234 rows in 2.1 s (587 rows/s)" */
export function formatRate(count: number, seconds: number, unit: string): string {
  const rate = seconds > 0 ? Math.round(count / seconds) : count;
  return `${formatCount(count)} ${unit} in ${seconds.toFixed(1)} s (${formatCount(rate)} ${unit}/s)`;
}
