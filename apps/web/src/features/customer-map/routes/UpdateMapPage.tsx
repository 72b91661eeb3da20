import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Grid, Skeleton, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { customerUpdateSchema, customerZoneWriteSchema, geometryArea, type CustomerZone, type FieldErrors } from '@grove/shared';
import { ApiError } from '../../../app/api-client';
import { validate } from '../../../app/validation';
import { useForm } from '../../../components/forms/useForm';
import { useUnsavedChanges } from '../../../components/forms/useUnsavedChanges';
import { requestLinkBuilder, visibleRequestPins } from '../../../components/map/request-pins';
import { reportLinkBuilder } from '../../../components/map/report-pins';
import { ReportPinLegend } from '../../../components/map/ReportPinLegend';
import { RequestPinLegend } from '../../../components/map/RequestPinLegend';
import { useReportPins } from '../../../components/map/useReportPins';
import { useRequestPins } from '../../../components/map/useRequestPins';
import { ZONE_KIND_COLORS } from '../../../components/map/zone-colors';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { ErrorState } from '../../../components/ui/ErrorState';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useMapCustomer, useSaveLocation, useZoneMutations, useZones } from '../api/map-api';
import { LocationPanel, type LocationInputs } from '../components/LocationPanel';
import { MapEditor, type EditorMode, type MapEditorHandle } from '../components/MapEditor';
import { draftArea, finishProblem, fromGeometry, toPolygon, type Vertex } from '../components/draft-shape';
import { ZoneList } from '../components/ZoneList';
import { DrawPanel, ZoneFormPanel, type ZoneValues } from '../components/ZonePanel';

const NEW_ZONE: ZoneValues = { name: '', kind: 'turf', color: ZONE_KIND_COLORS.turf, notes: '' };

const toInputs = (latitude: number | null, longitude: number | null): LocationInputs => ({ latitude: latitude ?? '', longitude: longitude ?? '' });
const toNumber = (value: string | number) => (value === '' ? null : Number(value));

/** The zone being added (`zone` null) or edited, and whether its shape can be reshaped here. */
interface EditTarget {
  zone: CustomerZone | null;
  shapeLocked: boolean;
  /** The shape when editing began, to tell whether it changed. */
  originalDraft: string;
}

/** /customers/{customerId}/update-map: the property pin and the zones of the map. */
export default function UpdateMapPage() {
  const { customerId = '' } = useParams();
  const { t } = useTranslation('customerMap');
  const confirm = useConfirm();
  const customer = useMapCustomer(customerId);
  const zones = useZones(customerId);
  const mutations = useZoneMutations(customerId);
  const saveLocation = useSaveLocation(customerId);
  const controller = useRef<MapEditorHandle>(null);
  // Request pins are for reference; the editor works without them.
  const allPins = useRequestPins(customerId).data;
  const [showFinished, setShowFinished] = useState(false);
  const requests = useMemo(
    () => (allPins ? { pins: visibleRequestPins(allPins, showFinished), linkTo: requestLinkBuilder('/customers', customerId) } : undefined),
    [allPins, showFinished, customerId],
  );
  const reportPins = useReportPins(customerId).data;
  const reports = useMemo(() => (reportPins ? { pins: reportPins, linkTo: reportLinkBuilder('/customers', customerId) } : undefined), [reportPins, customerId]);

  const [mode, setMode] = useState<EditorMode>('view');
  const [draft, setDraft] = useState<Vertex[]>([]);
  const [target, setTarget] = useState<EditTarget | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const zoneForm = useForm<ZoneValues>(NEW_ZONE);

  const detail = customer.data;
  const savedLocation = detail ? toInputs(detail.latitude, detail.longitude) : { latitude: '', longitude: '' };
  const [location, setLocation] = useState<LocationInputs | null>(null);
  const [locationErrors, setLocationErrors] = useState<FieldErrors>({});
  const shownLocation = location ?? savedLocation;
  const locationDirty = location !== null && (String(location.latitude) !== String(savedLocation.latitude) || String(location.longitude) !== String(savedLocation.longitude));

  const editable = detail?.view === 'staff' && detail.permissions.editMap;
  const shapeDirty = target !== null && JSON.stringify(draft) !== target.originalDraft;
  const zoneDirty = mode === 'draw' ? draft.length > 0 : mode === 'edit' && (shapeDirty || zoneForm.dirty);
  useUnsavedChanges(zoneDirty || locationDirty);

  // A pin moved by dragging shows in the inputs; typed coordinates move the pin.
  const latitude = toNumber(shownLocation.latitude);
  const longitude = toNumber(shownLocation.longitude);
  const pin: Vertex | null = latitude !== null && longitude !== null && Number.isFinite(latitude) && Number.isFinite(longitude) ? [latitude, longitude] : null;

  useEffect(() => {
    // After saving, the saved value is the one to show.
    if (location && !locationDirty) setLocation(null);
  }, [location, locationDirty]);

  if (customer.error || zones.error) {
    const error = customer.error ?? zones.error;
    return <ErrorState message={error instanceof ApiError ? error.message : undefined} onRetry={() => void (customer.refetch(), zones.refetch())} />;
  }
  if (!detail || !zones.data) return <Skeleton height={480} radius="md" />;

  const startDrawing = () => {
    setSelectedId(null);
    setDraft([]);
    setTarget({ zone: null, shapeLocked: false, originalDraft: '[]' });
    zoneForm.reset(NEW_ZONE);
    setMode('draw');
  };

  /** Closes the shape drawn so far (the Finish button, or geoman's close on the map with its shape). */
  const finishDrawing = (vertices: Vertex[] = draft) => {
    if (finishProblem(vertices) !== null) return;
    setDraft(vertices);
    setMode('edit');
  };

  const startEditing = (zone: CustomerZone) => {
    const vertices = fromGeometry(zone.geometry);
    setSelectedId(zone.id);
    setDraft(vertices ?? []);
    setTarget({ zone, shapeLocked: vertices === null, originalDraft: JSON.stringify(vertices ?? []) });
    zoneForm.reset({ name: zone.name, kind: zone.kind, color: zone.color, notes: zone.notes ?? '' });
    setMode('edit');
  };

  const stopEditing = () => {
    setMode('view');
    setDraft([]);
    setTarget(null);
    zoneForm.reset(NEW_ZONE);
  };

  const cancelEditing = async () => {
    if (zoneDirty && !(await confirm({ title: t('discard.title'), message: t('discard.message'), confirmLabel: t('discard.confirm') }))) return;
    stopEditing();
  };

  const saveZone = async () => {
    if (!target) return;
    const geometry = target.shapeLocked && target.zone ? target.zone.geometry : toPolygon(draft);
    const payload = { ...zoneForm.values, notes: zoneForm.values.notes.trim() || null, geometry };
    const saved = await zoneForm.submit({
      schema: customerZoneWriteSchema,
      payload,
      send: (body) => (target.zone ? mutations.update.mutateAsync({ id: target.zone.id, body }) : mutations.create.mutateAsync(body)),
    });
    if (!saved) return;
    toastSuccess(target.zone ? t('zoneForm.updated', { name: saved.name }) : t('zoneForm.created', { name: saved.name }));
    stopEditing();
    setSelectedId(saved.id);
  };

  const deleteZone = async (zone: CustomerZone) => {
    const yes = await confirm({ title: t('zones.deleteTitle'), message: t('zones.deleteQuestion', { name: zone.name }), confirmLabel: t('zones.deleteConfirm') });
    if (!yes) return;
    try {
      await mutations.remove.mutateAsync(zone.id);
      if (target?.zone?.id === zone.id) stopEditing();
      toastSuccess(t('zones.deleted', { name: zone.name }));
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('failed'));
    }
  };

  const saveLocationNow = async () => {
    const body = { latitude: toNumber(shownLocation.latitude), longitude: toNumber(shownLocation.longitude) };
    const checked = validate(customerUpdateSchema, body, t);
    if (!checked.ok) {
      setLocationErrors(checked.errors);
      return;
    }
    setLocationErrors({});
    try {
      await saveLocation.mutateAsync(body);
      toastSuccess(t('location.saved'));
    } catch (error) {
      if (error instanceof ApiError) setLocationErrors(error.errors);
      toastError(error instanceof Error ? error.message : t('failed'));
    }
  };

  const removePin = async () => {
    if (!(await confirm({ title: t('location.removeTitle'), message: t('location.removeQuestion'), confirmLabel: t('location.remove') }))) return;
    setLocation({ latitude: '', longitude: '' });
  };

  const pinAtCentre = () => {
    const [lat, lng] = controller.current?.center() ?? [0, 0];
    setLocation({ latitude: Number(lat.toFixed(7)), longitude: Number(lng.toFixed(7)) });
  };

  const zoneArea = target?.shapeLocked && target.zone ? geometryArea(target.zone.geometry) : draftArea(draft);

  return (
    <Grid gap="md" data-testid="update-map">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="sm">
          {!editable && (
            <Alert color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
              {t('readOnly')}
            </Alert>
          )}
          <MapEditor
            controller={controller}
            zones={zones.data}
            pin={pin}
            editable={editable}
            mode={mode}
            draft={draft}
            draftColor={zoneForm.values.color}
            editingZoneId={target?.zone && !target.shapeLocked ? target.zone.id : null}
            selectedZoneId={selectedId}
            label={t('mapLabel', { name: detail.name })}
            onDraftChange={setDraft}
            onFinish={finishDrawing}
            onSelectZone={(zone) => setSelectedId(zone.id)}
            onPinMove={([lat, lng]) => setLocation({ latitude: Number(lat.toFixed(7)), longitude: Number(lng.toFixed(7)) })}
            requests={requests}
            reports={reports}
          />
          {allPins && <RequestPinLegend pins={allPins} showFinished={showFinished} onShowFinishedChange={setShowFinished} />}
          {reportPins && <ReportPinLegend pins={reportPins} />}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          {mode === 'draw' && (
            <DrawPanel
              draft={draft}
              onAddAtCentre={() => controller.current?.addPointAtCentre()}
              onUndo={() => controller.current?.undoPoint()}
              onFinish={() => finishDrawing()}
              onCancel={() => void cancelEditing()}
            />
          )}
          {mode === 'edit' && target && (
            <ZoneFormPanel
              form={zoneForm}
              isNew={target.zone === null}
              area={zoneArea}
              shapeLocked={target.shapeLocked}
              onSave={() => void saveZone()}
              onCancel={() => void cancelEditing()}
            />
          )}
          {mode === 'view' && (
            <ZoneList
              zones={zones.data}
              selectedId={selectedId}
              editable={editable}
              onSelect={(zone) => setSelectedId(zone.id)}
              onAdd={startDrawing}
              onEdit={startEditing}
              onDelete={(zone) => void deleteZone(zone)}
            />
          )}
          <LocationPanel
            value={shownLocation}
            onChange={(value) => setLocation(value)}
            errors={locationErrors}
            editable={editable && mode === 'view'}
            dirty={locationDirty}
            saving={saveLocation.isPending}
            onSave={() => void saveLocationNow()}
            onReset={() => {
              setLocation(null);
              setLocationErrors({});
            }}
            onUseCentre={pinAtCentre}
            onRemove={() => void removePin()}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
