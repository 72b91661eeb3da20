import { formatNumber } from '../../app/format';

/** US English readers get °F, mph and inches; everyone else the metric figures the API sends. */
export function weatherUnits(language: string) {
  const imperial = language === 'en';
  return {
    temperature: (c: number) => `${formatNumber(Math.round(imperial ? (c * 9) / 5 + 32 : c))}°${imperial ? 'F' : 'C'}`,
    speed: (kmh: number) => (imperial ? `${formatNumber(Math.round(kmh / 1.609))} mph` : `${formatNumber(Math.round(kmh))} km/h`),
    rain: (mm: number) => (imperial ? `${formatNumber(mm / 25.4, { maximumFractionDigits: 2 })} in` : `${formatNumber(mm, { maximumFractionDigits: 1 })} mm`),
    snow: (cm: number) => (imperial ? `${formatNumber(cm / 2.54, { maximumFractionDigits: 1 })} in` : `${formatNumber(cm, { maximumFractionDigits: 1 })} cm`),
  };
}
