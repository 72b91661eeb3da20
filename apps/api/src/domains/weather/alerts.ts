import { WEATHER_THRESHOLDS as T, type WeatherAlert, type WeatherDay } from '@grove/shared';

/**
 * Alerts for crews and customers from the daily forecast, one per kind and day. Everything but heat
 * may move scheduled service (crews work through heat with earlier starts and breaks).
 */
export function weatherAlerts(days: readonly WeatherDay[]): WeatherAlert[] {
  const alerts: WeatherAlert[] = [];
  for (const day of days) {
    if (day.minC <= T.frostMinC) alerts.push({ kind: 'frost', date: day.date, value: day.minC, serviceMayShift: true });
    if (day.maxC >= T.heatMaxC) alerts.push({ kind: 'heat', date: day.date, value: day.maxC, serviceMayShift: false });
    if (day.precipitationMm >= T.heavyRainMm) alerts.push({ kind: 'heavy_rain', date: day.date, value: day.precipitationMm, serviceMayShift: true });
    if (day.gustMaxKmh >= T.highWindKmh) alerts.push({ kind: 'high_wind', date: day.date, value: day.gustMaxKmh, serviceMayShift: true });
    if (day.snowCm >= T.snowCm) alerts.push({ kind: 'snow', date: day.date, value: day.snowCm, serviceMayShift: true });
  }
  return alerts;
}
