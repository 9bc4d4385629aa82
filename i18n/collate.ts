import { useMemo } from 'react';
import { useIntl } from 'react-intl';

/**
 * Spec §5 "names sort locale-aware, upper case first": a sorter in the page's locale (Intl.Collator),
 * for countries, states and provinces, and emergency response locations.
 */
export function useSortByName(): <T>(items: readonly T[], nameOf: (item: T) => string) => T[] {
  const { locale } = useIntl();
  return useMemo(() => {
    const collator = new Intl.Collator(locale, { caseFirst: 'upper', numeric: true });
    return (items, nameOf) => [...items].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
  }, [locale]);
}
