import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ActionIcon } from '@mantine/core';
import { TooltipOnFirstUse } from './TooltipOnFirstUse';
import { installBrowserMocks, renderWithProviders, setupTestI18n } from './test-providers';

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(cleanup);

// Decision 042: the tooltip's code arrives when the pointer reaches its target, and it shows then.
describe('TooltipOnFirstUse', () => {
  it('shows on the first hover, described to screen readers, and hides when the pointer leaves', async () => {
    renderWithProviders(
      <TooltipOnFirstUse label="Minimise the menu">
        <ActionIcon aria-label="Minimise" data-testid="target">
          x
        </ActionIcon>
      </TooltipOnFirstUse>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(screen.getByTestId('target'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Minimise the menu');
    expect(screen.getByTestId('target').getAttribute('aria-describedby')).toBe(tooltip.id);
    fireEvent.mouseLeave(screen.getByTestId('target'));
    await screen.findByTestId('target');
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
  });

  it('keeps the focus on the target when it was reached with the keyboard', async () => {
    renderWithProviders(
      <TooltipOnFirstUse label="Minimise the menu">
        <ActionIcon aria-label="Minimise" data-testid="target">
          x
        </ActionIcon>
      </TooltipOnFirstUse>,
    );
    const standIn = screen.getByTestId('target');
    standIn.focus();
    // The target is mounted anew inside the tooltip once its code has arrived; the focus moves with it.
    await expect.poll(() => screen.getByTestId('target') !== standIn).toBe(true);
    expect(document.activeElement).toBe(screen.getByTestId('target'));
  });
});
