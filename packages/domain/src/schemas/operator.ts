import { z } from './zod';

/**
 * Who runs the site, as the legal notice, the privacy policy and the terms name it (Spanish
 * Law 34/2002 asks for the legal name, tax number, address and registry entry). Configured by
 * the OPERATOR_* variables; optional lines are null when the operator has none to show.
 */
export const operatorIdentitySchema = z.object({
  /** The trading name visitors know. */
  name: z.string(),
  legalName: z.string(),
  /** NIF/CIF. */
  taxId: z.string(),
  address: z.string(),
  /** Company registry entry (Registro Mercantil), when there is one. */
  registry: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type OperatorIdentity = z.infer<typeof operatorIdentitySchema>;
