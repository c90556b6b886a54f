/** Errors of the Meilisearch adapter. Pure ESM. */

/**
 * The search service cannot answer now (HTTP 5xx, a timeout, no connection). Callers keep the results they
 * already show (spec §8 search errors: previous hits, facets and counts stay) and may retry later.
 */
export class SearchUnavailableError extends Error {
  override name = 'SearchUnavailableError';
  /** HTTP status when the service answered (e.g. 503); undefined for a timeout or no connection. */
  readonly status: number | undefined;
  readonly timedOut: boolean;
  constructor(message: string, options: { status?: number; timedOut?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.timedOut = options.timedOut ?? false;
  }
}

/** Meilisearch refused the request (4xx): its error body `{ message, code, type, link }`. */
export class SearchServiceError extends Error {
  override name = 'SearchServiceError';
  readonly status: number;
  readonly code: string | undefined;
  readonly type: string | undefined;
  readonly link: string | undefined;
  constructor(message: string, options: { status: number; code?: string | undefined; type?: string | undefined; link?: string | undefined }) {
    super(message);
    this.status = options.status;
    this.code = options.code;
    this.type = options.type;
    this.link = options.link;
  }
}

/** Our errors travel inside the client's MeilisearchRequestError as `cause`: dig them out. */
export function unwrapSearchError(error: unknown): unknown {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof SearchUnavailableError || current instanceof SearchServiceError) return current;
    current = current.cause;
  }
  return error;
}
