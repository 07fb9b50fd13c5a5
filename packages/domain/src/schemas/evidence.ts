// A private photo's stored name on the wire (domain evidence-photos.ts): the licence's and the
// boat's condition records' photos. Its own file: the schemas that use it import nothing else here.
import { z } from './zod';
import { EVIDENCE_PHOTO_PATTERN } from '../evidence-photos';

export const evidencePhoto = z.string().regex(new RegExp(`^${EVIDENCE_PHOTO_PATTERN}$`), 'validation.photo');
