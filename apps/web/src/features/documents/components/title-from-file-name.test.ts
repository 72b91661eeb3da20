import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS } from '@grove/shared';
import { titleFromFileName } from './DocumentForm';

describe('titleFromFileName', () => {
  it('drops the extension and turns underscores into spaces', () => {
    expect(titleFromFileName('Board_minutes__March 2026.pdf')).toBe('Board minutes March 2026');
    expect(titleFromFileName('certificate.2027.final.docx')).toBe('certificate.2027.final');
  });
  it('keeps within the title limit', () => {
    expect(titleFromFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(DOCUMENT_LIMITS.title);
  });
});
