import { describe, expect, it } from 'vitest';
import { bodyFromForm, emptyForm, missingForSubmit, stepOfField, type WizardForm } from './wizard-form';

const names = { en: 'Irrigation repair', zh: null, es: null, ja: null, de: null, fr: null };

describe('the orange-report wizard form', () => {
  it('asks for where, what and photos on an empty report, like the server’s submit check', () => {
    expect(missingForSubmit(emptyForm())).toEqual(['where', 'what', 'photos']);
    const complete: WizardForm = {
      ...emptyForm(),
      title: 'Broken head',
      category: 'irrigation',
      urgency: 'soon',
      findings: 'Snapped off.',
      locationText: 'Pool deck',
      photos: [{ fileId: '7f1b7a4e-6d3c-4a8e-9d9a-0a1b2c3d4e5f', caption: '', name: 'a.jpg' }],
    };
    expect(missingForSubmit(complete)).toEqual([]);
    // A zone or the device position are enough on their own.
    expect(missingForSubmit({ ...complete, locationText: '', position: { latitude: 1, longitude: 2 } })).toEqual([]);
  });

  it('sends photos with captions and lines with quantity; the server prices them', () => {
    const body = bodyFromForm({
      ...emptyForm(),
      position: { latitude: 33.95, longitude: -84.56 },
      photos: [{ fileId: 'f1', caption: 'Snapped head', name: 'a.jpg' }],
      lines: [{ serviceId: 's1', names, unit: 'each', catalogueCents: 8500, quantity: 2, unitPriceCents: null, note: '' }],
    });
    expect(body).toMatchObject({
      latitude: 33.95,
      longitude: -84.56,
      zoneId: null,
      photos: [{ fileId: 'f1', caption: 'Snapped head' }],
      recommendations: [{ serviceId: 's1', quantity: 2, unitPriceCents: null, note: '' }],
    });
    expect(body).not.toHaveProperty('totalCents');
  });

  it('maps the server’s field errors to the step that holds the field', () => {
    expect(stepOfField('location')).toBe('where');
    expect(stepOfField('findings')).toBe('what');
    expect(stepOfField('photos')).toBe('photos');
    expect(stepOfField('recommendations.0.quantity')).toBe('recommendations');
    expect(stepOfField('customerId')).toBe('customer');
  });
});
