import { describe, expect, it } from 'vitest';
import { previewKind } from './file-download';

describe('previewKind', () => {
  it('shows PDFs, web images and text in the page, nothing else', () => {
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('image/webp')).toBe('image');
    expect(previewKind('text/csv')).toBe('text');
    // HEIC cannot be shown by most browsers; Office files have no viewer.
    expect(previewKind('image/heic')).toBe('none');
    expect(previewKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('none');
  });
});
