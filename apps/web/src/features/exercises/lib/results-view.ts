import type { AssignmentResults, ItemAnalysis } from '@aprenda/shared/schemas/exercises';
import { csvFileName } from '@/lib/download';

/** The results screen's numbers and words (no JSX): sorting, summary, item analysis in words. */

export type ResultStudent = AssignmentResults['students'][number];
export type StudentSort = 'name' | 'score';

/** Answers an item needs before its analysis means anything (the server's flag threshold). */
export const ANALYSIS_MIN_ANSWERS = 5;

/** By name (the language's order), or by score (best first; nothing handed in last). */
export function sortStudents(
  students: readonly ResultStudent[],
  by: StudentSort,
  language: string,
): ResultStudent[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  const byName = (a: ResultStudent, b: ResultStudent) => collator.compare(a.name, b.name);
  return [...students].sort((a, b) => {
    if (by === 'score') {
      const sa = a.submitted_at === null ? null : a.score;
      const sb = b.submitted_at === null ? null : b.score;
      if (sa === null && sb !== null) return 1;
      if (sb === null && sa !== null) return -1;
      if (sa !== null && sb !== null && sa !== sb) return sb - sa;
    }
    return byName(a, b);
  });
}

export interface ResultsSummary {
  handedIn: number;
  total: number;
  /** Mean score (0–1) of those who handed in, or null when nobody did. */
  mean: number | null;
}

export function resultsSummary(results: Pick<AssignmentResults, 'students'>): ResultsSummary {
  const scores = results.students
    .filter((s) => s.submitted_at !== null && s.score !== null)
    .map((s) => s.score!);
  return {
    handedIn: results.students.filter((s) => s.submitted_at !== null).length,
    total: results.students.length,
    mean: scores.length > 0 ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
  };
}

export type DiscriminationLevel = 'none' | 'negative' | 'weak' | 'good' | 'veryGood';

/** Discrimination in words: below 0.25 it hardly separates who knows from who does not. */
export function discriminationLevel(d: number | null): DiscriminationLevel {
  if (d === null) return 'none';
  if (d < 0) return 'negative';
  if (d < 0.25) return 'weak';
  if (d < 0.4) return 'good';
  return 'veryGood';
}

/** "a", "b", … for the choice at `index`. */
export function choiceLetter(index: number): string {
  return String.fromCharCode(97 + (index % 26));
}

/** Letters of the wrong choices nobody picked. */
export function unusedChoiceLetters(analysis: Pick<ItemAnalysis, 'choices'>): string[] {
  return analysis.choices.flatMap((c, i) =>
    !c.correct && c.picked === 0 ? [choiceLetter(i)] : [],
  );
}

export function enoughAnswers(analysis: Pick<ItemAnalysis, 'answers'>): boolean {
  return analysis.answers >= ANALYSIS_MIN_ANSWERS;
}

/** The percentage bounds of the distribution's band `index` (0 → [0, 10], 9 → [90, 100]). */
export function bandBounds(index: number): [number, number] {
  return [index * 10, index * 10 + 10];
}

/** A file name for a results CSV ("Frações 7A - notas.csv"), nothing file systems refuse. */
export function resultsCsvName(title: string, suffix: string): string {
  return csvFileName(title, suffix, 'resultados');
}

/** The results screen of an assignment. */
export function resultsPath(assignmentId: string): string {
  return `/dashboard/exercises/resultados/${encodeURIComponent(assignmentId)}`;
}
