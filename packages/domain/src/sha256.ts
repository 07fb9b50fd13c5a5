/**
 * SHA-256 of a text's UTF-8 bytes, written as upper-case hexadecimal (the form of the VERI*FACTU
 * hash, verifactu.ts). @noble/hashes computes it synchronously with no platform API, so the
 * server, the browser and the tests compute the same function. Checked against the AEAT's
 * published hash examples and the standard's test vectors (verifactu.test.ts).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text))).toUpperCase();
}
