import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZoneKind } from '@grove/shared';
import { useFormat } from '../../app/format';

/** Zone kind names and areas ("12,400 sq ft · 1,152 m²") in the user's language. */
export function useZoneFormat() {
  const { t } = useTranslation('map');
  const format = useFormat();
  return useMemo(
    () => ({
      kind: (kind: ZoneKind) => t(`kind.${kind}`),
      area: (squareMetres: number, squareFeet: number) =>
        t('area', {
          sqft: format.number(squareFeet, { maximumFractionDigits: 0 }),
          sqm: format.number(squareMetres, { maximumFractionDigits: squareMetres < 100 ? 1 : 0 }),
        }),
    }),
    [t, format],
  );
}
