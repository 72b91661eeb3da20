import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config.js';
import { assertStorageKey, type FileStore } from './file-store.js';

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

/**
 * S3-compatible object storage (AWS S3, MinIO, R2…). Uploads of unknown length go through the
 * multipart `Upload` helper, which buffers one part (5 MB) at a time, not the whole file.
 * `requestHandler` is for tests that check the requests without a server.
 */
export function createS3FileStore(config: S3Config, requestHandler?: S3ClientConfig['requestHandler']): FileStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    ...(requestHandler ? { requestHandler } : {}),
  });
  const Bucket = config.bucket;

  return {
    async put(key, body, options) {
      assertStorageKey(key);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: options.contentType },
        leavePartsOnError: false,
      });
      // A failing source stream must abort the upload, or S3 would keep waiting for parts.
      const onError = () => void upload.abort().catch(() => undefined);
      body.once('error', onError);
      try {
        await upload.done();
      } finally {
        body.off('error', onError);
      }
    },

    async get(key) {
      assertStorageKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!result.Body) return null;
        // The SDK's Node HTTP handler answers with a Node stream; anything else is a misconfiguration.
        if (!(result.Body instanceof Readable)) throw new Error('S3 answered with a body that is not a Node stream');
        return result.Body;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
