import { describe, expect, it } from 'vitest';
import { VALIDATION_TEXTS } from './locales/validation-texts.js';
import { translateValidationText, validationText } from './validation.js';

describe('validation texts in other languages', () => {
  it('rewrites English spec texts with their values', () => {
    expect(translateValidationText(validationText('required'), VALIDATION_TEXTS.de)).toBe(VALIDATION_TEXTS.de.required);
    expect(translateValidationText(validationText('minLength', { min: 8 }), VALIDATION_TEXTS.fr)).toBe(
      VALIDATION_TEXTS.fr.minLength.replace('{{min}}', '8'),
    );
  });

  it('leaves other texts alone', () => {
    expect(translateValidationText('Account number already in use', VALIDATION_TEXTS.ja)).toBe('Account number already in use');
  });

  it('has every key in every language', () => {
    for (const texts of Object.values(VALIDATION_TEXTS)) {
      expect(Object.keys(texts).sort()).toEqual(Object.keys(VALIDATION_TEXTS.en).sort());
    }
  });
});
