/** What a card form's pay action ends in; a redirect leaves the page and never resolves. */
export type PayOutcome = { kind: 'succeeded'; intentId: string } | { kind: 'failed'; message: string | null };
