import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINTS } from '@grove/shared';

/** Grove orange: shade 7 carries white text at better than 4.5:1, so filled buttons stay readable. */
const orange: MantineColorsTuple = [
  '#fff5eb',
  '#ffe6d0',
  '#fdcba0',
  '#fbad6b',
  '#f9923f',
  '#f7811f',
  '#dc5f0a',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
];

/** Secondary teal for accents (links in the aside, badges, secondary actions). */
const teal: MantineColorsTuple = [
  '#e6fcf8',
  '#c3f5eb',
  '#8ee9d8',
  '#56dbc3',
  '#2cc9ae',
  '#14b39a',
  '#0d9482',
  '#0f766e',
  '#115e59',
  '#134e4a',
];

/**
 * Mantine's grays with shade 6 (light "dimmed" text) and dark shade 2 (dark "dimmed" text) a
 * little stronger, so secondary text passes WCAG AA (4.5:1) on cards and the page background.
 */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#687078',
  '#495057',
  '#343a40',
  '#212529',
];

const dark: MantineColorsTuple = [
  '#c9c9c9',
  '#b8b8b8',
  '#9a9a9a',
  '#696969',
  '#424242',
  '#3b3b3b',
  '#2e2e2e',
  '#242424',
  '#1f1f1f',
  '#141414',
];

/** Red for destructive actions, one step darker so white text on filled buttons stays readable. */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#f03e3e',
  '#c92a2a',
  '#a61e1e',
  '#7f1616',
];

const em = (px: number) => `${px / 16}em`;

export const SECONDARY_COLOR = 'teal';

export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: { light: 7, dark: 7 },
  colors: { orange, teal, gray, dark, red },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans SC", "Noto Sans JP", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: {
    fontFamily:
      'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans SC", "Noto Sans JP", sans-serif',
    fontWeight: '600',
  },
  // Spec §9 breakpoints, so Mantine's responsive props and the layout agree.
  breakpoints: {
    xs: em(BREAKPOINTS.sm - 96),
    sm: em(BREAKPOINTS.sm),
    md: em(BREAKPOINTS.md),
    lg: em(BREAKPOINTS.lg),
    xl: em(BREAKPOINTS.xl),
  },
  other: { secondaryColor: SECONDARY_COLOR },
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Tooltip: { defaultProps: { withArrow: true } },
    // Name-coloured initials (green, yellow…) on their light tint fall below 4.5:1: use the text colour.
    Avatar: { styles: { placeholder: { color: 'var(--mantine-color-text)' } } },
  },
});
