import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { installBrowserMocks, setupTestI18n, TestProviders } from '../../../components/ui/test-providers';
import { MapEditor, type EditorMode } from './MapEditor';
import { removeVertex, type Vertex } from './polygon-draw';

/*
 * Leaflet runs in jsdom with a 0×0 map: clicks on the canvas become positions (relative to the map's
 * centre), and markers are DOM elements with their title, so drawing, closing and removing points run
 * through the real Leaflet handlers. Dragging a vertex or a midpoint needs layout jsdom lacks; those
 * steps are `moveVertex`/`insertVertex` of polygon-draw.ts, tested in polygon-draw.test.ts.
 */

interface Spies {
  onAddVertex: Mock<(vertex: Vertex) => void>;
  onFinish: Mock<() => void>;
  onDraftChange: Mock<(vertices: Vertex[]) => void>;
}

/** The editor with the page's state: clicks add points while drawing; closing switches to editing. */
function Harness({ initialMode, initialDraft = [], editable = true, spies }: { initialMode: EditorMode; initialDraft?: Vertex[]; editable?: boolean; spies: Spies }) {
  const [mode, setMode] = useState<EditorMode>(initialMode);
  const [draft, setDraft] = useState<readonly Vertex[]>(initialDraft);
  return (
    <div data-testid="harness" data-mode={mode} data-draft={JSON.stringify(draft)}>
      <MapEditor
        zones={[]}
        pin={[33.95, -84.55]}
        editable={editable}
        mode={mode}
        draft={draft}
        draftColor="#2f9e44"
        editingZoneId={null}
        selectedZoneId={null}
        label="Property map"
        onAddVertex={(vertex) => {
          spies.onAddVertex(vertex);
          setDraft((current) => [...current, vertex]);
        }}
        onDraftChange={(vertices) => {
          spies.onDraftChange(vertices);
          setDraft(vertices);
        }}
        onFinish={() => {
          spies.onFinish();
          setMode('edit');
        }}
        onSelectZone={() => undefined}
        onPinMove={() => undefined}
      />
    </div>
  );
}

function renderEditor(props: Omit<Parameters<typeof Harness>[0], 'spies'>) {
  const spies: Spies = { onAddVertex: vi.fn(), onFinish: vi.fn(), onDraftChange: vi.fn() };
  render(
    <TestProviders>
      <Harness {...props} spies={spies} />
    </TestProviders>,
  );
  return spies;
}

const canvas = () => screen.getByTestId('map-canvas');
const clickAt = (x: number, y: number) => fireEvent.click(canvas(), { clientX: x, clientY: y });
const draft = () => JSON.parse(screen.getByTestId('harness').getAttribute('data-draft')!) as Vertex[];
const vertexHandles = () => [...canvas().querySelectorAll<HTMLElement>('.leaflet-marker-icon[title^="Point "]')];
const midpointHandles = () => [...canvas().querySelectorAll<HTMLElement>('.leaflet-marker-icon[title="Drag to add a point"]')];

const TRIANGLE: Vertex[] = [
  [33.951, -84.551],
  [33.951, -84.549],
  [33.949, -84.55],
];

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(() => {
  cleanup();
});

describe('MapEditor (drawing and editing a zone on the Leaflet map)', () => {
  it('adds a point per click while drawing, in click order, and closes on the first point', () => {
    const spies = renderEditor({ initialMode: 'draw' });
    clickAt(0, 0);
    clickAt(100, 0);
    clickAt(100, 100);
    expect(spies.onAddVertex).toHaveBeenCalledTimes(3);
    const [a, b, c] = draft();
    // Screen right is east (longitude grows), screen down is south (latitude falls).
    expect(b![1]).toBeGreaterThan(a![1]);
    expect(b![0]).toBeCloseTo(a![0], 9);
    expect(c![0]).toBeLessThan(b![0]);
    // The first point is the "close here" handle once there are three.
    expect(canvas().querySelector('.leaflet-marker-icon[title="Close the shape here"]')).toBeTruthy();
    clickAt(2, 1);
    expect(spies.onFinish).toHaveBeenCalledTimes(1);
    expect(spies.onAddVertex).toHaveBeenCalledTimes(3);
    expect(screen.getByTestId('map-editor').getAttribute('data-mode')).toBe('edit');
  });

  it('ignores the second click of a double-click and closes on the double-click itself', () => {
    const spies = renderEditor({ initialMode: 'draw' });
    clickAt(0, 0);
    clickAt(2, 2);
    expect(spies.onAddVertex).toHaveBeenCalledTimes(1);
    clickAt(80, 0);
    fireEvent.dblClick(canvas(), { clientX: 80, clientY: 0 });
    expect(spies.onFinish).not.toHaveBeenCalled();
    clickAt(80, 80);
    fireEvent.dblClick(canvas(), { clientX: 80, clientY: 80 });
    expect(spies.onFinish).toHaveBeenCalledTimes(1);
    expect(draft()).toHaveLength(3);
  });

  it('adds nothing when not drawing', () => {
    const spies = renderEditor({ initialMode: 'view' });
    clickAt(10, 10);
    clickAt(60, 10);
    expect(spies.onAddVertex).not.toHaveBeenCalled();
    expect(vertexHandles()).toHaveLength(0);
  });

  it('edits a closed shape: a handle per point and per edge, right-click removes a point (a triangle stays)', () => {
    const square: Vertex[] = [...TRIANGLE, [33.949, -84.552]];
    const spies = renderEditor({ initialMode: 'edit', initialDraft: square });
    expect(vertexHandles()).toHaveLength(4);
    expect(midpointHandles()).toHaveLength(4);
    fireEvent.contextMenu(vertexHandles()[1]!);
    expect(spies.onDraftChange).toHaveBeenCalledWith(removeVertex(square, 1, true));
    expect(draft()).toEqual([square[0], square[2], square[3]]);
    expect(vertexHandles()).toHaveLength(3);
    fireEvent.contextMenu(vertexHandles()[0]!);
    expect(draft()).toHaveLength(3);
  });

  it('offers no midpoint handles when the shape may not be changed', () => {
    renderEditor({ initialMode: 'edit', initialDraft: TRIANGLE, editable: false });
    expect(vertexHandles()).toHaveLength(3);
    expect(midpointHandles()).toHaveLength(0);
  });
});
