import { FILES_ENDPOINTS } from '@grove/shared';
import { downloadEndpoint } from '../../app/endpoint-client';
import { downloadBlob } from '../ui/CsvExportButton';

/** Downloads a stored file (`/api/Files/{id}/content`) with the session's token, under its own name. */
export async function downloadStoredFile(fileId: string, name: string): Promise<void> {
  const { blob, fileName } = await downloadEndpoint(FILES_ENDPOINTS.content, { params: { id: fileId }, query: { download: '1' } }, name);
  downloadBlob(blob, fileName || name);
}

export type PreviewKind = 'pdf' | 'image' | 'text' | 'none';

/** What the browser can show of a file type. */
export function previewKind(mimeType: string): PreviewKind {
  if (mimeType === 'application/pdf') return 'pdf';
  if (['image/jpeg', 'image/png', 'image/webp', 'image/gif'].includes(mimeType)) return 'image';
  if (mimeType === 'text/plain' || mimeType === 'text/csv') return 'text';
  return 'none';
}
