import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { ContentCard } from './ContentCard';
import { installBrowserMocks, renderWithProviders, setScrollY, setupTestI18n } from './test-providers';
import { stickyReleaseAt } from './useStickyHeader';

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
    vi.advanceTimersByTime(32);
  });
}

const sticky = () => screen.getByTestId('card-header').dataset.sticky;

describe('ContentCard sticky header', () => {
  it('releases at two thirds of the 300 px offset', () => {
    expect(stickyReleaseAt(300)).toBe(200);
  });

  it('sticks after 300 px and is released at 200 px or less', () => {
    renderWithProviders(
      <ContentCard title="Report" stickyHeader>
        body
      </ContentCard>,
    );
    expect(sticky()).toBe('false');
    scrollTo(300);
    expect(sticky()).toBe('false');
    scrollTo(301);
    expect(sticky()).toBe('true');
    expect(screen.getByTestId('card-header').style.zIndex).toBe('101');
    scrollTo(250);
    expect(sticky()).toBe('true');
    scrollTo(201);
    expect(sticky()).toBe('true');
    scrollTo(200);
    expect(sticky()).toBe('false');
    // Between the two thresholds on the way down, it stays released.
    scrollTo(250);
    expect(sticky()).toBe('false');
  });

  it('never sticks without stickyHeader', () => {
    renderWithProviders(<ContentCard title="Report">body</ContentCard>);
    scrollTo(1000);
    expect(sticky()).toBe('false');
  });
});

describe('ContentCard collapse', () => {
  it('toggles with aria-expanded on the button', () => {
    renderWithProviders(
      <ContentCard title="Details" collapsible>
        inner text
      </ContentCard>,
    );
    const toggle = screen.getByRole('button', { name: 'Collapse section' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    const expand = screen.getByRole('button', { name: 'Expand section' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(expand.getAttribute('aria-controls')).toBeTruthy();
  });
});
