export { FileUpload, type FileUploadProps } from './FileUpload';
export { uploadFile, UploadError, UploadCancelledError } from './upload-request';
