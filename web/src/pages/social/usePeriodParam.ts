import { useSearchParams } from 'react-router';

/** A page's period, kept in the address (?period=30d) so a shared link opens on the same view. */
export function usePeriodParam<const P extends string>(periods: readonly P[], fallback: P): [P, (period: P) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period = periods.find((p) => p === asked) ?? fallback;
  const setPeriod = (next: P) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === fallback) updated.delete('period');
        else updated.set('period', next);
        return updated;
      },
      { replace: true },
    );
  return [period, setPeriod];
}
