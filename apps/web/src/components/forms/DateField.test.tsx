import 'dayjs/locale/de';
import 'dayjs/locale/ja';
import { useState } from 'react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installBrowserMocks, renderWithProviders, setupTestI18n } from '../ui/test-providers';
import { DateField, parseDay } from './DateField';

let i18n: I18n;
beforeAll(async () => {
  installBrowserMocks();
  i18n = await setupTestI18n();
});
afterEach(cleanup);
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('parseDay', () => {
  it('reads the ISO day and each language’s own short and medium forms', () => {
    expect(parseDay('2026-11-24', 'de')).toBe('2026-11-24');
    expect(parseDay('24.11.2026', 'de')).toBe('2026-11-24');
    expect(parseDay('4.3.2026', 'de')).toBe('2026-03-04');
    expect(parseDay('2026/11/24', 'ja')).toBe('2026-11-24');
    expect(parseDay('11/24/2026', 'en')).toBe('2026-11-24');
    expect(parseDay('Nov 24, 2026', 'en')).toBe('2026-11-24');
  });
  it('refuses what is no day', () => {
    expect(parseDay('31.02.2026', 'de')).toBeNull();
    expect(parseDay('2026-13-01', 'de')).toBeNull();
    expect(parseDay('soon', 'en')).toBeNull();
    expect(parseDay('', 'en')).toBeNull();
  });
});

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Datum" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

/** The field follows the i18next language by itself (its own DatesLocaleProvider, app/dates.tsx). */
describe('DateField', () => {
  it('shows the day in the interface language and hands back an ISO day (issue 17 §9)', async () => {
    await i18n.changeLanguage('de');
    renderWithProviders(<Field initial="2026-11-24" />);
    const input = await screen.findByDisplayValue<HTMLInputElement>('24. Nov. 2026');
    fireEvent.change(input, { target: { value: '03.12.2026' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-12-03');
  });

  it('writes Japanese days the Japanese way, never mm/dd/yyyy', async () => {
    await i18n.changeLanguage('ja');
    renderWithProviders(<Field initial="2026-11-24" />);
    expect(await screen.findByDisplayValue('2026年11月24日')).toBeTruthy();
  });
});
