// The embedded database under a burst of back-office writes (issue 59): staff press a button at
// the same instant, each cancelling a different paid booking (a refund through the card provider,
// the seats released, the e-mails queued: the heaviest write the back office makes often). The
// queue in front of PGlite (apps/server/src/http/work-queue.ts) lets two work at once and the
// rest wait their turn, up to EMBEDDED_QUEUE_WAIT_MS; a burst it cannot serve in that time is
// answered 503 'busy'. docs/operating.md quotes the sizes answered here.
export type BurstFigure = { writes: number; ok: number; busy: number; other: number; lastMs: number };

/** The ids of `count` paid bookings, read page by page from the bookings list. */
async function paidBookings(base: string, headers: Record<string, string>, count: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  while (ids.length < count) {
    const res = await fetch(`${base}/checkout/bookings?status=paid&limit=200${cursor}`, { headers });
    if (!res.ok) throw new Error(`the bookings list answered ${res.status}`);
    const page = (await res.json()) as { items: { _id: string }[]; nextCursor: string | null };
    ids.push(...page.items.map((b) => b._id));
    if (!page.nextCursor) break;
    cursor = `&cursor=${encodeURIComponent(page.nextCursor)}`;
  }
  return ids;
}

/** One burst per size, each on bookings no earlier burst touched. */
export async function embeddedBurst(base: string, token: string, sizes: number[]): Promise<BurstFigure[]> {
  const headers = { authorization: `Bearer ${token}` };
  const ids = await paidBookings(
    base,
    headers,
    sizes.reduce((a, b) => a + b, 0),
  );
  const figures: BurstFigure[] = [];
  for (const writes of sizes) {
    const burst = ids.splice(0, writes);
    if (burst.length < writes) break;
    const started = performance.now();
    const answers = await Promise.all(
      burst.map(async (id) => {
        const res = await fetch(`${base}/api/admin/bookings/${id}/cancel`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ reason: 'bench burst' }),
        });
        await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - started };
      }),
    );
    figures.push({
      writes,
      ok: answers.filter((a) => a.status === 200).length,
      busy: answers.filter((a) => a.status === 503).length,
      other: answers.filter((a) => a.status !== 200 && a.status !== 503).length,
      lastMs: Math.round(Math.max(...answers.map((a) => a.ms))),
    });
  }
  return figures;
}
