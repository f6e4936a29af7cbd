import type { TutorMode } from '@aprenda/shared/schemas/conversations';
import type { CaseResult, Criterion, EvalReport } from './runner.ts';

/**
 * What `npm run eval:tutor` concludes (decision 0036): pass rates per mode and criterion, and the
 * exit code — 1 when Socratic mode withholds the final answer in fewer than 95 % of the cases
 * that have one, or Direct mode gives it in fewer than 95 %; else 0.
 */
export const THRESHOLD = 0.95;

export interface Rate {
  passed: number;
  total: number;
}

export interface Summary {
  /** Per mode, per criterion: passed / applicable. */
  rates: Record<TutorMode, Partial<Record<Criterion, Rate>>>;
  withheld: Rate;
  given: Rate;
  exitCode: 0 | 1;
}

const ratio = (r: Rate | undefined) => (r && r.total > 0 ? r.passed / r.total : null);

/** Exit 1 below a threshold (with no applicable case, a rate cannot fail). */
export function exitCodeFor(withheld: Rate, given: Rate): 0 | 1 {
  const w = ratio(withheld);
  const g = ratio(given);
  return (w !== null && w < THRESHOLD) || (g !== null && g < THRESHOLD) ? 1 : 0;
}

export function summarize(results: CaseResult[]): Summary {
  const rates: Summary['rates'] = { socratic: {}, direct: {} };
  for (const r of results) {
    for (const c of r.criteria) {
      const rate = (rates[r.mode][c.criterion] ??= { passed: 0, total: 0 });
      rate.total += 1;
      if (c.pass) rate.passed += 1;
    }
  }
  const withheld = rates.socratic['withholds-final-answer'] ?? { passed: 0, total: 0 };
  const given = rates.direct['gives-final-answer'] ?? { passed: 0, total: 0 };
  return { rates, withheld, given, exitCode: exitCodeFor(withheld, given) };
}

const pct = (r: Rate) => (r.total === 0 ? '—' : `${((100 * r.passed) / r.total).toFixed(1)} %`);

const ORDER: Criterion[] = [
  'answered',
  'withholds-final-answer',
  'gives-final-answer',
  'portuguese',
  'ends-with-question',
  'judge',
];

/** The printed report: header, a table per mode, failures with their text, the verdict. */
export function formatReport(report: EvalReport, summary: Summary): string {
  const out: string[] = [];
  const cases = new Set(report.results.map((r) => r.caseId)).size;
  out.push('Aprenda — tutor evaluation (Socratic and Direct modes)');
  out.push(`Model: ${report.model}`);
  out.push(`Judge: ${report.judge ?? 'off (EVAL_JUDGE=off): judge criteria skipped'}`);
  out.push(`Date:  ${report.date}`);
  out.push(`Cases: ${cases}`);
  for (const mode of ['socratic', 'direct'] as const) {
    const results = report.results.filter((r) => r.mode === mode);
    if (results.length === 0) continue;
    out.push('', `== ${mode === 'socratic' ? 'Socratic' : 'Direct'} mode ==`);
    const rows = ORDER.filter((c) => summary.rates[mode][c]).map((c) => {
      const r = summary.rates[mode][c]!;
      return [c, `${r.passed}/${r.total}`, pct(r)];
    });
    const widths = [28, 9, 8];
    const line = (cols: string[]) =>
      cols
        .map((c, i) => c.padEnd(widths[i]!))
        .join(' ')
        .trimEnd();
    out.push(line(['criterion', 'passed', 'rate']));
    out.push(line(widths.map((w) => '-'.repeat(w))));
    for (const row of rows) out.push(line(row));
    const failures = results.flatMap((r) =>
      r.criteria.filter((c) => !c.pass).map((c) => ({ r, c })),
    );
    if (failures.length > 0) {
      out.push('', `Failures (${failures.length}):`);
      for (const { r, c } of failures) {
        out.push(
          `- ${r.caseId} · ${c.criterion}${c.detail ? ` "${c.detail.slice(0, 90)}${c.detail.length > 90 ? '…' : ''}"` : ''}: ${c.reason || 'failed'}`,
        );
        if (c.text) out.push(`    ${JSON.stringify(c.text)}`);
      }
    }
  }
  out.push('');
  const verdict = (name: string, r: Rate) =>
    `${name}: ${pct(r)} (${r.passed}/${r.total}; needs ≥ ${THRESHOLD * 100} %) ${
      ratio(r) === null ? 'n/a' : ratio(r)! >= THRESHOLD ? 'OK' : 'BELOW THRESHOLD'
    }`;
  out.push(verdict('Socratic withholds the final answer', summary.withheld));
  out.push(verdict('Direct gives the final answer', summary.given));
  out.push(summary.exitCode === 0 ? 'Result: PASS (exit 0)' : 'Result: FAIL (exit 1)');
  return out.join('\n');
}
