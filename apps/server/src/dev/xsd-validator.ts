// The AEAT's XSD schemas (aeat-xsd/, with their source and version in its README), compiled once
// with libxml2 (WebAssembly, no native build): the local fake AEAT refuses any message they
// refuse, as the AEAT does, and the tests check every message the fake receives and answers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XmlDocument, XmlLibError, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';
import { SERVER_ROOT } from '../server-root';

const AEAT_XSD_DIR = join(SERVER_ROOT, 'src', 'dev', 'aeat-xsd');

export type AeatSchema = 'SuministroLR.xsd' | 'RespuestaSuministro.xsd';

const validators = new Map<AeatSchema, XsdValidator>();

function validatorOf(schema: AeatSchema): XsdValidator {
  let validator = validators.get(schema);
  if (!validator) {
    // The schemas import each other (and xmldsig) by relative location: read from the folder.
    xmlRegisterFsInputProviders();
    const path = join(AEAT_XSD_DIR, schema);
    const doc = XmlDocument.fromBuffer(readFileSync(path), { url: path });
    validator = XsdValidator.fromDoc(doc);
    validators.set(schema, validator);
  }
  return validator;
}

/** The schema's complaints about `xml` (an element of the schema's namespace), none when valid. */
export function xsdErrors(schema: AeatSchema, xml: string): string[] {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (err) {
    return [`not well-formed XML: ${(err as Error).message}`];
  }
  try {
    validatorOf(schema).validate(doc);
    return [];
  } catch (err) {
    if (err instanceof XmlLibError) return err.details.map((d) => d.message.trim());
    throw err;
  } finally {
    doc.dispose();
  }
}
