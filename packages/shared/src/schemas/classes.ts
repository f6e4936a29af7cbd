import type { MemberRole } from '../constants.ts';

/** A class as listed by GET /classes/mine and /classes/teaching. */
export interface ClassSummary {
  id: string;
  title: string;
  description: string | null;
  code: string | null;
  owner_id: string;
  created_at: string;
  updated_at: string;
  /** The caller's membership role. */
  role: MemberRole;
  /** Names of the class's teachers. */
  teachers: string[];
}
