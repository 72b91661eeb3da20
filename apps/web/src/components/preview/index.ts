export { DownloadButton, FilePreview, FilePreviewModal, type PreviewFile } from './FilePreview';
export { downloadStoredFile, previewKind } from './file-download';
