// Step-up (docs/security.md#second-factor-and-step-up): the server answers an act that moves
// money or power with 403 `step_up_required` when this session last proved its second factor
// more than ten minutes ago. adminFetch then asks here; the dialog (StepUpDialog, mounted by the
// back office's layout) asks the user for a code and answers whether the session proved it, and
// the call is made again. Outside React, like the session itself.

type Waiting = { promise: Promise<boolean>; resolve: (proved: boolean) => void };

let waiting: Waiting | null = null;
const listeners = new Set<() => void>();

function publish(next: Waiting | null): void {
  waiting = next;
  for (const listener of listeners) listener();
}

export const stepUpPrompt = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Whether a code is being asked for. */
  isAsking: (): boolean => waiting !== null,

  /** Resolves true once the code was accepted, false when the user gave up (or no dialog shows). */
  ask: (): Promise<boolean> => {
    if (listeners.size === 0) return Promise.resolve(false);
    if (waiting) return waiting.promise;
    let resolve!: (proved: boolean) => void;
    const promise = new Promise<boolean>((r) => (resolve = r));
    publish({ promise, resolve });
    return promise;
  },

  /** The dialog's answer. */
  answer: (proved: boolean): void => {
    const current = waiting;
    publish(null);
    current?.resolve(proved);
  },
};
