/**
 * A self-drive boat's rental agreement (docs/decisions/0039): the owner's own terms for the boat,
 * per language, replacing the platform's template clauses; paragraphs separated by a blank line.
 * A language left out reads the English; none at all: the platform's template.
 */
import { z } from './zod';
import { LANGUAGES } from '../languages';

export const agreementTermsSchema = z.partialRecord(z.enum(LANGUAGES), z.string().trim().max(8000));
export type AgreementTerms = z.infer<typeof agreementTermsSchema>;
