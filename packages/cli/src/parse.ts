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

/** An option parser for a score from 0 to 1 (mean sentiment). */
export const score = (value: string): number => {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1)
    throw new InvalidArgumentError('must be a number from 0 to 1');
  return number;
};

/** An option parser for one of a few words. */
export const oneOf =
  <T extends string>(choices: readonly T[]) =>
  (value: string): T => {
    const choice = choices.find((c) => c === value.trim());
    if (choice === undefined) throw new InvalidArgumentError(`must be one of ${choices.join(', ')}`);
    return choice;
  };
