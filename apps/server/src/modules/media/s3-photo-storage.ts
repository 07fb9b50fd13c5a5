import type { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { PhotoStorage } from './photo-storage';

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** Without them the SDK's usual chain applies (environment, instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
};

const PREFIX = 'boats/';

export function s3PhotoStorage(options: S3Options): PhotoStorage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible services refuse the newer
    // default trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  return {
    async put(name, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: PREFIX + name,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(name) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: PREFIX + name }),
        );
        if (!answer.Body) return undefined;
        return { body: answer.Body as Readable, size: answer.ContentLength };
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
  };
}
