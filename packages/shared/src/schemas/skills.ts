import { z } from 'zod';
import { pageQuerySchema } from './common.ts';

/**
 * Skills API contract (docs/api/skills.md): a shared catalogue of skills (e.g. BNCC codes) that
 * flashcards — and later exercises and the adaptive tool — point to with `skill_id`.
 */

export const SKILL_NAME_MAX = 80;
export const SKILL_CODE_MAX = 20;
/** Longest search text of GET /skills?q=… */
export const SKILL_QUERY_MAX = 100;

/**
 * A code such as the BNCC's `EF06MA03` or `EM13MAT101`: letters, digits, `.` and `-`, starting
 * with a letter or digit; lower case is upper-cased, surrounding spaces dropped.
 */
export const skillCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(2)
  .max(SKILL_CODE_MAX)
  .regex(/^[A-Z0-9][A-Z0-9.-]*$/, { message: 'letters, digits, "." and "-" only' });

export const createSkillSchema = z.object({
  name: z.string().trim().min(1).max(SKILL_NAME_MAX),
  /** Optional; unique among skills when present (409 `skill_code_taken`). Empty = none. */
  code: z
    .union([z.literal('').transform(() => null), skillCodeSchema])
    .nullable()
    .optional(),
});
export type CreateSkillInput = z.input<typeof createSkillSchema>;

export const skillsQuerySchema = pageQuerySchema.extend({
  /** Words to find in the code or name (accent- and case-insensitive; all words must match). */
  q: z.string().trim().max(SKILL_QUERY_MAX).optional(),
});
export type SkillsQuery = z.input<typeof skillsQuerySchema>;

/** A skill as every answer carries it. */
export interface Skill {
  id: string;
  code: string | null;
  name: string;
  /** Part of the starter list every database has (no author); otherwise added by a teacher. */
  built_in: boolean;
  created_at: string;
}
