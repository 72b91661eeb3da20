import { describe, expect, it } from 'vitest';
import french from './locales/fr/validation.json';
import german from './locales/de/validation.json';
import japanese from './locales/ja/validation.json';
import { translateValidationText, validationText } from './validation.js';

describe('validation texts in other languages', () => {
  it('rewrites English spec texts with their values', () => {
    expect(translateValidationText(validationText('required'), german)).toBe(german.required);
    expect(translateValidationText(validationText('minLength', { min: 8 }), french)).toBe(french.minLength.replace('{{min}}', '8'));
  });

  it('leaves other texts alone', () => {
    expect(translateValidationText('Account number already in use', japanese)).toBe('Account number already in use');
  });
});
