import { writeFileSync } from 'node:fs';
import { TUTOR_CASES } from './cases.ts';
import { formatReport, summarize } from './report.ts';
import { ConfigError, evaluate } from './runner.ts';

/**
 * `npm run eval:tutor`: every case of cases.ts in Socratic and Direct modes against the provider
 * the server's variables name (README "Avaliar o tutor / Evaluating the tutor", decision 0036).
 *
 * Exit codes: 0 — thresholds met; 1 — Socratic withholds the final answer in fewer than 95 % of
 * the cases, or Direct gives it in fewer than 95 %; 2 — configuration error (no provider, unknown
 * model, the provider does not answer).
 *
 * Options (environment): EVAL_MODEL, EVAL_CASES (ids, comma-separated), EVAL_JUDGE=off,
 * EVAL_JUDGE_MODEL, EVAL_JUDGE_BASE_URL, EVAL_JUDGE_API_KEY, EVAL_REPORT (a JSON file to write).
 */
async function main(): Promise<number> {
  const env = process.env;
  const wanted = env.EVAL_CASES?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const cases = wanted?.length ? TUTOR_CASES.filter((c) => wanted.includes(c.id)) : TUTOR_CASES;
  if (wanted?.length && cases.length !== wanted.length) {
    const unknown = wanted.filter((id) => !TUTOR_CASES.some((c) => c.id === id));
    process.stderr.write(`eval:tutor: unknown case(s) in EVAL_CASES: ${unknown.join(', ')}\n`);
    return 2;
  }
  try {
    const report = await evaluate({
      env,
      cases,
      onResult: (r) => {
        const failed = r.criteria.filter((c) => !c.pass).map((c) => c.criterion);
        process.stderr.write(
          `[${r.mode}] ${r.caseId}: ${failed.length === 0 ? 'ok' : `failed ${[...new Set(failed)].join(', ')}`}\n`,
        );
      },
    });
    const summary = summarize(report.results);
    process.stdout.write(`${formatReport(report, summary)}\n`);
    if (env.EVAL_REPORT) {
      writeFileSync(env.EVAL_REPORT, `${JSON.stringify({ ...report, summary }, null, 2)}\n`);
      process.stdout.write(`Report written to ${env.EVAL_REPORT}\n`);
    }
    return summary.exitCode;
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`eval:tutor: configuration error: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}

// Exit once the report is out (an idle keep-alive socket or a timer must not hold the process).
main().then(
  (code) => process.stdout.write('', () => process.exit(code)),
  (err: unknown) => {
    process.stderr.write(
      `eval:tutor: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(3);
  },
);
