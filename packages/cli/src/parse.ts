import { InvalidArgumentError } from 'commander';

/** `BTC,ETH`, `BTC ETH` or both: one list, blanks dropped. */
export const listOf = (values: readonly string[]): string[] =>
  values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);

/** An option parser for a whole number of at least `min`: a bad one is a usage error (exit 2). */
export const wholeNumber =
  (min = 0) =>
  (value: string): number => {
    if (!/^\d+$/.test(value.trim()) || Number(value) < min) throw new InvalidArgumentError(`must be a whole number of at least ${min}`);
    return Number(value);
  };

/** An option parser for a number greater than 0 (a price in USD). */
export const positiveNumber = (value: string): number => {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0) throw new InvalidArgumentError('must be a number greater than 0');
  return number;
};
