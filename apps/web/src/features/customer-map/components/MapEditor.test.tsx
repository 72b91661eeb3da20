import { act, createRef, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { installBrowserMocks, setupTestI18n, TestProviders } from '../../../components/ui/test-providers';
import { MapEditor, type EditorMode, type MapEditorHandle } from './MapEditor';
import type { Vertex } from './draft-shape';

/*
 * The real Leaflet and leaflet-geoman in jsdom with a 0×0 map: clicks on the canvas become positions
 * (relative to the map's centre) and geoman's handles are DOM elements, so drawing, closing, adding
 * and removing points run through geoman's own handlers. Dragging needs layout jsdom lacks (the
 * end-to-end test in e2e/customers.e2e.ts draws with a real mouse).
 */

interface Spies {
  onFinish: ReturnType<typeof vi.fn<(vertices: Vertex[]) => void>>;
  onDraftChange: ReturnType<typeof vi.fn<(vertices: Vertex[]) => void>>;
}

/** The editor with the page's state: the draft follows the reports; closing switches to editing. */
function Harness({ initialMode, initialDraft = [], editable = true, spies, controller }: { initialMode: EditorMode; initialDraft?: Vertex[]; editable?: boolean; spies: Spies; controller?: React.Ref<MapEditorHandle> }) {
  const [mode, setMode] = useState<EditorMode>(initialMode);
  const [draft, setDraft] = useState<readonly Vertex[]>(initialDraft);
  return (
    <div data-testid="harness" data-draft={JSON.stringify(draft)}>
      <MapEditor
        controller={controller}
        zones={[]}
        pin={[33.95, -84.55]}
        editable={editable}
        mode={mode}
        draft={draft}
        draftColor="#2f9e44"
        editingZoneId={null}
        selectedZoneId={null}
        label="Property map"
        onDraftChange={(vertices) => {
          spies.onDraftChange(vertices);
          setDraft(vertices);
        }}
        onFinish={(vertices) => {
          spies.onFinish(vertices);
          setDraft(vertices);
          setMode('edit');
        }}
        onSelectZone={() => undefined}
        onPinMove={() => undefined}
      />
    </div>
  );
}

function renderEditor(props: Omit<Parameters<typeof Harness>[0], 'spies'>) {
  const spies: Spies = { onFinish: vi.fn<(vertices: Vertex[]) => void>(), onDraftChange: vi.fn<(vertices: Vertex[]) => void>() };
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
/** geoman's point handles (not its cursor marker, not the edge-middle handles). */
const vertexHandles = () => [...canvas().querySelectorAll<HTMLElement>('.marker-icon:not(.cursor-marker):not(.marker-icon-middle)')];
const midpointHandles = () => [...canvas().querySelectorAll<HTMLElement>('.marker-icon-middle')];

const SQUARE: Vertex[] = [
  [33.951, -84.551],
  [33.951, -84.549],
  [33.949, -84.549],
  [33.949, -84.551],
];

beforeAll(async () => {
  installBrowserMocks();
  // The page's buttons call the editor outside a DOM event: act() flushes the state they cause.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await setupTestI18n();
});

afterEach(() => {
  cleanup();
});

describe('MapEditor (leaflet-geoman drawing and editing a zone)', () => {
  it('reports a point per click while drawing, in click order, and closes on the first point', () => {
    const spies = renderEditor({ initialMode: 'draw' });
    clickAt(0, 0);
    clickAt(100, 0);
    clickAt(100, 100);
    expect(draft()).toHaveLength(3);
    const [a, b, c] = draft();
    // Screen right is east (longitude grows), screen down is south (latitude falls).
    expect(b![1]).toBeGreaterThan(a![1]);
    expect(b![0]).toBeCloseTo(a![0], 9);
    expect(c![0]).toBeLessThan(b![0]);
    expect(vertexHandles()).toHaveLength(3);
    fireEvent.click(vertexHandles()[0]!);
    expect(spies.onFinish).toHaveBeenCalledTimes(1);
    expect(spies.onFinish).toHaveBeenCalledWith([a, b, c]);
    expect(screen.getByTestId('map-editor').getAttribute('data-mode')).toBe('edit');
    // Now geoman's edit handles: a point and an edge middle each.
    expect(vertexHandles()).toHaveLength(3);
    expect(midpointHandles()).toHaveLength(3);
  });

  it('closes on a double-click (its second click adds no point)', () => {
    const spies = renderEditor({ initialMode: 'draw' });
    clickAt(0, 0);
    clickAt(80, 0);
    clickAt(80, 80);
    fireEvent.dblClick(canvas(), { clientX: 80, clientY: 80 });
    expect(spies.onFinish).toHaveBeenCalledTimes(1);
    expect(draft()).toHaveLength(3);
    expect(screen.getByTestId('map-editor').getAttribute('data-mode')).toBe('edit');
  });

  it('refuses a point whose edge would cross the outline', () => {
    renderEditor({ initialMode: 'draw' });
    clickAt(0, 0);
    clickAt(100, 100);
    clickAt(100, 0);
    expect(draft()).toHaveLength(3);
    // From (100, 0) to (0, 100) crosses the first edge: a bow tie has no meaningful area.
    clickAt(0, 100);
    expect(draft()).toHaveLength(3);
  });

  it('adds a point at the centre and undoes points through the page buttons, down to none', () => {
    const controller = createRef<MapEditorHandle>();
    renderEditor({ initialMode: 'draw', controller });
    clickAt(40, 0);
    act(() => controller.current!.addPointAtCentre());
    expect(draft()).toHaveLength(2);
    expect(draft()[1]).toEqual(controller.current!.center());
    act(() => controller.current!.undoPoint());
    expect(draft()).toHaveLength(1);
    // Undoing the only point ends geoman's draw mode; the editor keeps drawing.
    act(() => controller.current!.undoPoint());
    expect(draft()).toEqual([]);
    clickAt(10, 10);
    expect(draft()).toHaveLength(1);
  });

  it('draws nothing when not drawing', () => {
    const spies = renderEditor({ initialMode: 'view' });
    clickAt(10, 10);
    clickAt(60, 10);
    expect(spies.onDraftChange).not.toHaveBeenCalled();
    expect(vertexHandles()).toHaveLength(0);
  });

  it('edits a saved shape: an edge middle adds a point, right-click removes one, a triangle stays', () => {
    const spies = renderEditor({ initialMode: 'edit', initialDraft: SQUARE });
    expect(vertexHandles()).toHaveLength(4);
    expect(midpointHandles()).toHaveLength(4);
    fireEvent.click(midpointHandles()[0]!);
    expect(draft()).toHaveLength(5);
    const [lat, lng] = draft()[1]!;
    expect(lat).toBeCloseTo(33.951, 9);
    expect(lng).toBeCloseTo(-84.55, 9);
    fireEvent.contextMenu(vertexHandles()[1]!);
    fireEvent.contextMenu(vertexHandles()[1]!);
    expect(draft()).toEqual([SQUARE[0], SQUARE[2], SQUARE[3]]);
    expect(spies.onDraftChange).toHaveBeenCalledTimes(3);
    fireEvent.contextMenu(vertexHandles()[0]!);
    expect(draft()).toHaveLength(3);
  });

  it('offers no handles when the map may not be changed', () => {
    renderEditor({ initialMode: 'edit', initialDraft: SQUARE, editable: false });
    expect(canvas().querySelectorAll('path.leaflet-interactive, path').length).toBeGreaterThan(0);
    expect(vertexHandles()).toHaveLength(0);
    expect(midpointHandles()).toHaveLength(0);
  });
});
