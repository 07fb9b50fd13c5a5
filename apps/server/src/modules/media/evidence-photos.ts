// Private photos (evidence: a skipper's licence, a boat's condition out and back). Stored like
// boat photos, in the same store, under names /media/uploads refuses (its pattern starts with
// the uuid), and served only by the routes that know whose they are: the booking's customer
// (manage token), its owner's staff and the platform (docs/decisions/0039).
import type { FastifyReply } from 'fastify';
import { EVIDENCE_PHOTO_PATTERN } from '@boats/domain/evidence-photos';
import type { AppContext } from '../../context';
import { createPhotoStorage } from './photo-storage';

/** One served file of a private photo: its stored name, a width and a format. */
const EVIDENCE_FILE_RE = new RegExp(`^(${EVIDENCE_PHOTO_PATTERN})-(480|960)\\.(avif|webp)$`);

/** The photo a file name belongs to (the name the licence or checklist stores), or undefined. */
export function evidencePhotoOfFile(file: string): string | undefined {
  return EVIDENCE_FILE_RE.exec(file)?.[1];
}

export type EvidencePhotos = {
  /** Sends a file of a photo the caller has proved is the booking's (404 when not stored). */
  send(reply: FastifyReply, file: string): Promise<FastifyReply>;
  /** Whether the store holds a photo of this name (a record names only a photo uploaded here). */
  stored(photo: string): Promise<boolean>;
};

/** The private photos' store. Answers are never kept by a cache (the plugins' noStore). */
export async function evidencePhotos(ctx: AppContext): Promise<EvidencePhotos> {
  const storage = await createPhotoStorage(ctx.config);
  return {
    async send(reply, file) {
      const match = EVIDENCE_FILE_RE.exec(file);
      const stored = match ? await storage.get(file) : undefined;
      if (!match || !stored)
        return reply.status(404).send({ error: 'not_found', message: 'Photo not found' });
      reply.type(`image/${match[3]}`);
      if (stored.size !== undefined) reply.header('content-length', stored.size);
      return reply.send(stored.body);
    },
    async stored(photo) {
      const found = await storage.get(`${photo}-960.webp`);
      found?.body.destroy();
      return found !== undefined;
    },
  };
}
