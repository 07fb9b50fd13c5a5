// The AEAT as the outbox sender sees it (docs/invoicing.md#submission), in the records' terms: one
// operation, submit a message of one issuer's records (up to 1,000, in chain order) and learn for
// each record whether the AEAT accepted it, accepted it with errors or rejected it (with its code
// and description), and how long the issuer must wait before its next message; or that no answer
// came (a timeout, the network, a refusal of the whole message), so the records go again later.
// How the AEAT is spoken to (SOAP over mutual TLS, its XML, its names for states, its duplicate
// answers) is the adapter's: aeat-connection.ts.
import type { ChainedRecord, SystemIdentity } from '@boats/domain/verifactu';
import type { MessageHeader } from './record-xml';

/** One issuer's records to send, each with its id (the answer names records by it). */
export type Submission = {
  header: MessageHeader;
  records: { id: string; record: ChainedRecord; system: SystemIdentity }[];
};

/** What the AEAT holds of one record after its answer. */
export type RecordVerdict =
  | { state: 'accepted' }
  | { state: 'accepted_with_errors' | 'rejected'; code: number | null; description: string | null };

export type SubmissionResult =
  | {
      answered: true;
      /** Seconds before the issuer's next message (unless it carries 1,000 records). */
      waitSeconds: number;
      /** The AEAT's receipt of the message, when it took any of it. */
      receipt: string | null;
      /** By record id; a record the answer does not mention is not here. */
      verdicts: Map<string, RecordVerdict>;
    }
  | { answered: false; reason: string };

export interface TaxAuthority {
  /** Where messages go, for the log ("the AEAT's pre-production web service", the local fake). */
  readonly where: string;
  submit(submission: Submission): Promise<SubmissionResult>;
}
