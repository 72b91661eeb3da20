import type {
  LocalizedNamesOut,
  OrangeReportCategory,
  OrangeReportDetail,
  OrangeReportUpdate,
  OrangeReportUrgency,
  OrangeServiceUnit,
} from '@grove/shared';

/** One photo on the report being written. */
export interface WizardPhoto {
  fileId: string;
  caption: string;
  name: string;
}

/** One recommended service; `catalogueCents` is the catalogue's price when known (null: priced per job or not loaded). */
export interface WizardLine {
  serviceId: string;
  names: LocalizedNamesOut;
  unit: OrangeServiceUnit;
  catalogueCents: number | null;
  quantity: number;
  /** The estimate for services priced per job, or a reviewer's corrected price; null otherwise. */
  unitPriceCents: number | null;
  note: string;
}

export interface WizardForm {
  title: string;
  foundOn: string;
  category: OrangeReportCategory | null;
  urgency: OrangeReportUrgency | null;
  findings: string;
  zoneId: string | null;
  position: { latitude: number; longitude: number } | null;
  locationText: string;
  photos: WizardPhoto[];
  lines: WizardLine[];
}

/** A change to the form: fields, or a function of the current form (for changes from async callbacks). */
export type FormPatch = Partial<WizardForm> | ((current: WizardForm) => Partial<WizardForm>);

export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function emptyForm(): WizardForm {
  return { title: '', foundOn: today(), category: null, urgency: null, findings: '', zoneId: null, position: null, locationText: '', photos: [], lines: [] };
}

/** The form as the server has the report (a resumed draft, a returned report, a reviewer's edit). */
export function formFromReport(report: OrangeReportDetail): WizardForm {
  return {
    title: report.title,
    foundOn: report.foundOn.slice(0, 10),
    category: report.category,
    urgency: report.urgency,
    findings: report.findings,
    zoneId: report.zone?.id ?? null,
    position: report.latitude !== null && report.longitude !== null ? { latitude: report.latitude, longitude: report.longitude } : null,
    locationText: report.locationText,
    photos: report.allPhotos.filter((photo) => photo.kind === 'finding').map((photo) => ({ fileId: photo.fileId, caption: photo.caption, name: photo.caption })),
    lines: report.recommendations.map((line) => ({
      serviceId: line.serviceId,
      names: line.names,
      unit: line.unit,
      catalogueCents: null,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      note: line.note,
    })),
  };
}

/**
 * The PUT body. The server prices every line: for authors the catalogue price wins and the sent
 * price counts only for services priced per job; reviewers' prices are their corrections.
 */
export function bodyFromForm(form: WizardForm): OrangeReportUpdate {
  return {
    title: form.title,
    foundOn: form.foundOn,
    category: form.category,
    urgency: form.urgency,
    findings: form.findings,
    zoneId: form.zoneId,
    latitude: form.position?.latitude ?? null,
    longitude: form.position?.longitude ?? null,
    locationText: form.locationText,
    photos: form.photos.map((photo) => ({ fileId: photo.fileId, caption: photo.caption })),
    recommendations: form.lines.map((line) => ({
      serviceId: line.serviceId,
      quantity: line.quantity,
      note: line.note,
      unitPriceCents: line.unitPriceCents,
    })),
  };
}

export type WizardStepKey = 'customer' | 'where' | 'what' | 'photos' | 'recommendations' | 'review';

/** Which step holds a field the server says is missing or wrong. */
export function stepOfField(field: string): WizardStepKey {
  const root = field.split('.')[0] ?? field;
  if (['zoneId', 'latitude', 'longitude', 'locationText', 'location'].includes(root)) return 'where';
  if (['title', 'foundOn', 'category', 'urgency', 'findings'].includes(root)) return 'what';
  if (root === 'photos') return 'photos';
  if (root === 'recommendations') return 'recommendations';
  if (root === 'customerId') return 'customer';
  return 'review';
}

/** What the server will ask for before a reviewer sees the report (mirrors its submit check). */
export function missingForSubmit(form: WizardForm): WizardStepKey[] {
  const missing = new Set<WizardStepKey>();
  if (!form.zoneId && !form.position && !form.locationText.trim()) missing.add('where');
  if (!form.title.trim() || !form.category || !form.urgency || !form.findings.trim()) missing.add('what');
  if (form.photos.length === 0) missing.add('photos');
  return [...missing];
}
