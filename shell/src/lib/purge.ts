/**
 * The shell's purge port (contracts page-cache.ts): `POST SHELL_PURGE_PATH` with a PurgeRequestSchema body, answered by
 * the `PageCache` entrypoint of src/worker.ts. Reachable only over a service binding to that entrypoint (edge-api's
 * purge adapter locally): a named entrypoint has no route from the internet.
 */
import * as v from 'valibot';
import { PurgeRequestSchema, SHELL_PURGE_PATH, type PurgeAnswer } from '@forecourt/contracts/page-cache';
import { dropFragmentsTagged } from './fragments.ts';
import { purgePages } from './page-cache.ts';
import { forgetTenant } from './tenant.ts';

/** Largest purge body read (500 tags of at most 256 characters, with room to spare): a bigger one is refused unread. */
export const PURGE_BODY_MAX_BYTES = 256 * 1024;

const error = (status: number, message: string, headers: Record<string, string> = {}) => Response.json({ error: message }, { status, headers });

/**
 * Answers a purge request: 404 off SHELL_PURGE_PATH, 405 for any method but POST, 400 `{ error }` for a body the schema
 * refuses (every tag must belong to the tenant), else PurgeAnswerSchema after both layers, the fragments and (for the
 * tenant tag) the tenant's cached config were dropped in this isolate.
 */
export async function handlePurge(request: Request): Promise<Response> {
  if (new URL(request.url).pathname !== SHELL_PURGE_PATH) return error(404, 'Not found.');
  if (request.method !== 'POST') return error(405, 'Only POST purges pages.', { allow: 'POST' });
  if (Number(request.headers.get('content-length') ?? 0) > PURGE_BODY_MAX_BYTES) return error(400, 'The purge request is too large.');
  const text = await request.text();
  if (text.length > PURGE_BODY_MAX_BYTES) return error(400, 'The purge request is too large.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return error(400, 'The purge request is not JSON.');
  }
  const parsed = v.safeParse(PurgeRequestSchema, body);
  if (!parsed.success) return error(400, parsed.issues[0]?.message ?? 'Invalid purge request.');
  const answer: PurgeAnswer = await purgePages(parsed.output, { dropFragments: dropFragmentsTagged, forgetTenant });
  return Response.json(answer);
}
