// Where uploaded photo files live: a folder on this machine by default, an S3-compatible
// bucket when S3_BUCKET is set (so several server instances share the same files). The site
// always serves them from /media/uploads/{name}, whichever store holds them.
import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import { diskPhotoStorage } from './disk-photo-storage';

type StoredPhoto = { body: Readable; size?: number | undefined };

export type PhotoStorage = {
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or undefined when there is none by that name. */
  get(name: string): Promise<StoredPhoto | undefined>;
};

export async function createPhotoStorage(config: Config): Promise<PhotoStorage> {
  if (config.S3_BUCKET) {
    // The AWS SDK is large: loaded only when a bucket is configured.
    const { s3PhotoStorage } = await import('./s3-photo-storage');
    return s3PhotoStorage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return diskPhotoStorage(config.uploadsDir);
}
