import { vValidator } from '@hono/valibot-validator';
import type { ValidationTargets } from 'hono';
import * as v from 'valibot';

/** Replaces the default text of an issue when it returns a string (e.g. to name a field's allowed values). */
export type IssueMessage = (issue: v.BaseIssue<unknown>, path: string | null) => string | undefined;

/** One readable line per issue, e.g. `event_id: Unknown analytics event id 5 ...`, joined by '; '. */
export function formatIssues(issues: readonly v.BaseIssue<unknown>[], message?: IssueMessage): string {
  return issues.map((issue) => {
    const path = v.getDotPath(issue);
    const text = message?.(issue, path) ?? issue.message;
    return path ? `${path}: ${text}` : text;
  }).join('; ');
}

/** valibot validator whose failure is a 400 `{ error }` naming every issue. */
export const validate = <T extends v.GenericSchema, Target extends keyof ValidationTargets>(target: Target, schema: T, message?: IssueMessage) =>
  vValidator(target, schema, (result, c) => {
    if (!result.success) return c.json({ error: `Invalid request: ${formatIssues(result.issues, message)}` }, 400);
  });
