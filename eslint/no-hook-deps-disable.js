// The web app never silences react-hooks/exhaustive-deps: an effect whose dependencies are
// "wrong on purpose" is a fetch or a subscription that belongs in TanStack Query, an event
// handler or a ref. This rule reports the directive itself, so the check fails on it.
export const noHookDepsDisable = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids eslint-disable comments for react-hooks/exhaustive-deps.' },
    messages: {
      disabled:
        'Do not silence react-hooks/exhaustive-deps: read server data with TanStack Query, act in the event handler, or keep the value in a ref.',
    },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (
            /^\s*eslint-disable/.test(comment.value) &&
            comment.value.includes('react-hooks/exhaustive-deps')
          )
            context.report({ loc: comment.loc, messageId: 'disabled' });
        }
      },
    };
  },
};
