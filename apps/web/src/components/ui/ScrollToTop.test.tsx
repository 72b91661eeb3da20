import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { ScrollToTop } from './ScrollToTop';
import { installBrowserMocks, renderWithProviders, setScrollY, setupTestI18n } from './test-providers';

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

beforeEach(() => {
  setScrollY(0);
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function scrollTo(y: number) {
  act(() => {
    setScrollY(y);
    vi.advanceTimersByTime(32); // one animation frame
  });
}

describe('ScrollToTop', () => {
  it('appears only beyond 300 px of scroll', () => {
    renderWithProviders(<ScrollToTop />);
    expect(screen.queryByTestId('scroll-top')).toBeNull();
    scrollTo(300);
    expect(screen.queryByTestId('scroll-top')).toBeNull();
    scrollTo(301);
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeTruthy();
    scrollTo(120);
    expect(screen.queryByTestId('scroll-top')).toBeNull();
  });

  it('scrolls the window back to the top', () => {
    const scroll = vi.fn();
    Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: scroll });
    renderWithProviders(<ScrollToTop />);
    scrollTo(800);
    fireEvent.click(screen.getByTestId('scroll-top'));
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('hides while a form field has focus, so it never covers a form button', async () => {
    renderWithProviders(
      <>
        <input aria-label="Name" />
        <ScrollToTop />
      </>,
    );
    scrollTo(800);
    expect(screen.getByTestId('scroll-top')).toBeTruthy();
    act(() => {
      screen.getByLabelText('Name').focus();
    });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.queryByTestId('scroll-top')).toBeNull();
    await act(async () => screen.getByLabelText('Name').blur());
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.getByTestId('scroll-top')).toBeTruthy();
  });

  it('stays away while a sticky action bar (the wizard’s Back/Next on phones) is on the page', () => {
    renderWithProviders(
      <>
        <div data-sticky-actions style={{ position: 'sticky', bottom: 0 }}>
          <button type="button">Next</button>
        </div>
        <ScrollToTop />
      </>,
    );
    scrollTo(800);
    expect(screen.queryByTestId('scroll-top')).toBeNull();
  });

  it('shows when the marked bar is not sticky (desktop layout)', () => {
    renderWithProviders(
      <>
        <div data-sticky-actions>
          <button type="button">Next</button>
        </div>
        <ScrollToTop />
      </>,
    );
    scrollTo(800);
    expect(screen.getByTestId('scroll-top')).toBeTruthy();
  });
});
