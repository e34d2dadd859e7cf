import { clsx } from 'clsx';
import type { ClassValue } from 'clsx';

/** Joins conditional class names. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
