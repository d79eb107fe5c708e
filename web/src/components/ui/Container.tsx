import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import styles from './Container.module.css';

export interface ContainerProps extends HTMLAttributes<HTMLDivElement> {
  width?: 'wide' | 'narrow';
}

export function Container({ width = 'wide', className, ...rest }: ContainerProps) {
  return <div className={cx(styles.container, width === 'narrow' && styles.narrow, className)} {...rest} />;
}
