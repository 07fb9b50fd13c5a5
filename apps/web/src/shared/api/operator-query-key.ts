/**
 * The operator query's key (shared/api/get-operator.ts), alone in its module so that the page
 * data (app/page-data.ts), on every page's path, can seed it without the schema and zod that the
 * query's module brings: the landing page's code has a size budget.
 */
export const OPERATOR_QUERY_KEY = ['operator'] as const;
