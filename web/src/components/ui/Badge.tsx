import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import type { SignalColor } from '../../lib/signalColor';
import styles from './Badge.module.css';

export type BadgeTone = 'neutral' | 'info' | SignalColor;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={cx(styles.badge, styles[tone], className)} {...rest} />;
}
