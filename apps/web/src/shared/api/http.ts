// The one fetch wrapper. A non-OK answer throws an ApiError carrying the response body text
// (docs/product.md §8); callers show `error.message` and, for 400s, the field errors.
import type { ZodType } from 'zod';

export type FieldError = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: string,
    readonly fields: FieldError[] = [],
    readonly code?: string,
    /** The answer's `details` object (figures a refusal carries), {} when it has none. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Validates and types the answer. */
  schema?: ZodType<T>;
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export async function apiFetch<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  // A FormData body (a file upload) sets its own multipart content type with the boundary.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      body: isForm
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Network error', '');
  }
  const text = await response.text();
  if (!response.ok) throw toApiError(response.status, text);
  const data: unknown = text ? JSON.parse(text) : undefined;
  return options.schema ? options.schema.parse(data) : (data as T);
}

/** The error for a non-OK answer's status and body text (a JSON body's message, fields, code, details). */
export function toApiError(status: number, text: string): ApiError {
  try {
    const json = JSON.parse(text) as {
      message?: string;
      error?: string;
      fields?: FieldError[];
      details?: unknown;
    };
    const details =
      json.details && typeof json.details === 'object' ? (json.details as Record<string, unknown>) : {};
    return new ApiError(
      status,
      json.message || text || `HTTP ${status}`,
      text,
      json.fields ?? [],
      json.error,
      details,
    );
  } catch {
    return new ApiError(status, text || `HTTP ${status}`, text);
  }
}

/** The text to show for any thrown value: the body text, else the message, else its string form. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message || String(err);
  return String(err);
}

/** A query string of the values given, empty ones left out ("a=1&c=x"). */
export function queryString(params: Record<string, string | undefined>): string {
  return new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  ).toString();
}
