import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FileUp, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ErrorBox } from '@/components/ui/states';
import { Textarea } from '@/components/ui/textarea';
import type { FieldError } from '@aprenda/shared/errors';
import { CARD_TAG_MAX } from '@aprenda/shared/schemas/flashcards';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useImportRows } from '../../api/import-export';
import {
  buildRows,
  checkRow,
  COLUMN_ROLES,
  decodeText,
  emptyBackLines,
  looksLikeText,
  guessMapping,
  headerCells,
  IMPORT_ROWS_MAX,
  looksLikeHeader,
  parseTable,
  withServerErrors,
  type ColumnRole,
  type ImportRow,
  type ParsedTable,
  type RowProblem,
} from '../../lib/csv-import';
import { NewCardsNotice } from './new-cards-notice';

/** Rows shown in the preview; rows with problems are all listed (up to ERRORS_SHOWN). */
const PREVIEW_ROWS = 5;
const ERRORS_SHOWN = 50;
/** Lines named in the note on rows without a back, and in the one on rows that need fixing. */
const EMPTY_BACK_LINES_SHOWN = 10;

/** "3, 7, 12" — at most `shown` lines, then "…". */
function lineList(lines: readonly number[], shown = EMPTY_BACK_LINES_SHOWN): string {
  return lines.slice(0, shown).join(', ') + (lines.length > shown ? ', …' : '');
}

interface RowEdit {
  front: string;
  back: string;
  tags: string;
}

/**
 * "Importar" of a deck: a CSV/TSV file (or pasted text, e.g. from a spreadsheet or Quizlet) →
 * preview with the detected separator, a header-row switch and a column mapping (front, back,
 * tags or ignore) → rows with problems listed, each fixable in place or left out → one request
 * that saves every row or none (the server's per-row errors come back onto the rows). Everything
 * stays while the deck screen is open: closing and reopening, or an error, loses nothing.
 */
export function CsvImportDialog({
  deckId,
  deckTitle,
  open,
  onOpenChange,
}: {
  deckId: string;
  deckTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('flashcards');
  const id = useId();
  const [step, setStep] = useState<'source' | 'preview'>('source');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileText, setFileText] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [sourceError, setSourceError] = useState<string | null>(null);
  const [table, setTable] = useState<ParsedTable | null>(null);
  const [hasHeader, setHasHeader] = useState(false);
  const [mapping, setMapping] = useState<ColumnRole[]>([]);
  const [edits, setEdits] = useState<Map<number, RowEdit>>(new Map());
  const [skipped, setSkipped] = useState<Set<number>>(new Set());
  /** The server's per-row errors of the last try, with the rows that were sent. */
  const [server, setServer] = useState<{ sent: number[]; errors: FieldError[] } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const problemsRef = useRef<HTMLOListElement>(null);
  const importRows = useImportRows(deckId);

  const rows = useMemo(() => {
    if (!table) return [];
    const built = buildRows(table, mapping, hasHeader).map((row) => {
      const edit = edits.get(row.index);
      return edit
        ? checkRow({
            ...row,
            front: edit.front.trim(),
            back: edit.back.trim(),
            tags: splitEdited(edit.tags),
          })
        : row;
    });
    return server ? withServerErrors(built, server.sent, server.errors) : built;
  }, [table, mapping, hasHeader, edits, server]);

  const included = rows.filter((r) => !skipped.has(r.index));
  const withProblems = rows.filter((r) => r.problems.length > 0);
  const blocking = included.filter((r) => r.problems.length > 0);
  const noFront = table !== null && !mapping.includes('front');
  const noBack = emptyBackLines(included);
  const tooMany = included.length > IMPORT_ROWS_MAX;
  // One request saves every row or none: while an included row has a problem nothing is sent. The
  // button is off (it used to look ready, then only said so in a toast), the lines are named
  // beside it, with one button to leave them all out; its count is of the rows ready to go.
  const blocked = !noFront && blocking.length > 0;
  const header = table ? headerCells(table, hasHeader) : null;

  const reset = () => {
    setStep('source');
    setFileName(null);
    setFileText(null);
    setPasted('');
    setTable(null);
    setEdits(new Map());
    setSkipped(new Set());
    setServer(null);
    setSourceError(null);
    importRows.reset();
    if (fileInput.current) fileInput.current.value = '';
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setSourceError(null);
    if (!file) return;
    try {
      const text = decodeText(await file.arrayBuffer());
      if (!looksLikeText(text)) {
        setSourceError(t('import.csv.notText', { name: file.name }));
        if (fileInput.current) fileInput.current.value = '';
        return;
      }
      setFileText(text);
      setFileName(file.name);
    } catch {
      setSourceError(t('import.csv.readError'));
    }
  };

  const preview = () => {
    const text = fileText ?? pasted;
    if (text.trim() === '') {
      setSourceError(t('import.csv.noSource'));
      return;
    }
    const parsed = parseTable(text);
    if (parsed.records.length === 0) {
      setSourceError(t('import.csv.empty'));
      return;
    }
    const headerRow = looksLikeHeader(parsed);
    setTable(parsed);
    setHasHeader(headerRow);
    setMapping(guessMapping(parsed, headerRow));
    setEdits(new Map());
    setSkipped(new Set());
    setServer(null);
    setStep('preview');
  };

  const changeHeader = (value: boolean) => {
    if (!table) return;
    setHasHeader(value);
    setMapping(guessMapping(table, value));
    setEdits(new Map());
    setServer(null);
  };

  const changeRole = (column: number, role: ColumnRole) => {
    setMapping((current) =>
      current.map((r, i) => {
        if (i === column) return role;
        // One column per role (except "ignore"): the column that had it is ignored now.
        return role !== 'ignore' && r === role ? 'ignore' : r;
      }),
    );
    setEdits(new Map());
    setServer(null);
  };

  const editRow = (row: ImportRow, change: Partial<RowEdit>) => {
    setEdits((current) => {
      const next = new Map(current);
      const base = current.get(row.index) ?? {
        front: row.front,
        back: row.back,
        tags: row.tags.join(' '),
      };
      next.set(row.index, { ...base, ...change });
      return next;
    });
  };

  const toggleSkip = (index: number, skip: boolean) => {
    setSkipped((current) => {
      const next = new Set(current);
      if (skip) next.add(index);
      else next.delete(index);
      return next;
    });
  };

  const submit = () => {
    if (noFront || tooMany || included.length === 0) return;
    if (blocking.length > 0) {
      toastError(t('import.csv.fixRows'));
      problemsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const sent = included.map((r) => r.index);
    importRows.mutate(
      { rows: included.map((r) => ({ front: r.front, back: r.back, tags: r.tags })) },
      {
        onSuccess: (result) => {
          toastSuccess(t('import.csv.done', { count: result.imported, deck: deckTitle }));
          reset();
          onOpenChange(false);
        },
        onError: (err) => {
          const fields = fieldErrorsOf(err);
          if (fields?.some((f) => f.path.startsWith('rows.'))) {
            setServer({ sent, errors: fields });
            toastError(t('import.csv.fixRows'));
          } else {
            toastError(`${t('import.csv.saveError')}: ${errorMessage(t, err)}`);
          }
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-w-3xl">
        <DialogTitle>{t('import.csv.title')}</DialogTitle>
        <DialogDescription>{t('import.csv.lead', { deck: deckTitle })}</DialogDescription>

        {step === 'source' ? (
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <label htmlFor={`${id}-file`} className="text-sm font-medium">
                {t('import.csv.file')}
              </label>
              <input
                ref={fileInput}
                id={`${id}-file`}
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
                aria-describedby={`${id}-file-hint`}
                onChange={(e) => void onFile(e)}
                className="block w-full min-w-0 text-sm text-zinc-300 file:mr-3 file:rounded-md file:border file:border-border file:bg-zinc-900 file:px-3 file:py-2 file:text-sm file:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              />
              <p id={`${id}-file-hint`} className="text-xs text-zinc-400">
                {fileName ? t('import.csv.chosen', { name: fileName }) : t('import.csv.fileHint')}
              </p>
            </div>
            <div className="flex flex-col gap-2">
              <label htmlFor={`${id}-paste`} className="text-sm font-medium">
                {t('import.csv.paste')}
              </label>
              <Textarea
                id={`${id}-paste`}
                rows={5}
                value={pasted}
                disabled={fileText !== null}
                placeholder={t('import.csv.pastePlaceholder')}
                onChange={(e) => setPasted(e.target.value)}
              />
              {fileText !== null ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="self-start"
                  onClick={() => {
                    setFileText(null);
                    setFileName(null);
                    if (fileInput.current) fileInput.current.value = '';
                  }}
                >
                  {t('import.csv.clearFile')}
                </Button>
              ) : null}
            </div>
            {sourceError ? (
              <p role="alert" className="text-sm text-destructive">
                {sourceError}
              </p>
            ) : null}
            <NewCardsNotice />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t('cancel')}
              </Button>
              {table ? (
                <Button type="button" variant="outline" onClick={() => setStep('preview')}>
                  {t('import.csv.backToPreview')}
                </Button>
              ) : null}
              <Button type="button" onClick={preview}>
                <FileUp aria-hidden />
                {t('import.csv.preview')}
              </Button>
            </DialogFooter>
          </div>
        ) : table ? (
          <div className="flex flex-col gap-4">
            <p role="status" className="text-sm text-zinc-300">
              {t('import.csv.summary', {
                count: rows.length,
                delimiter: delimiterName(t, table.delimiter),
              })}
            </p>
            {table.unclosedQuoteLine !== null ? (
              <p
                role="alert"
                className="rounded-md border border-amber-400/40 bg-amber-400/10 p-2 text-sm text-amber-100"
              >
                {t('import.csv.unclosedQuote', { line: table.unclosedQuoteLine })}
              </p>
            ) : null}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={hasHeader}
                onChange={(e) => changeHeader(e.target.checked)}
              />
              {t('import.csv.hasHeader')}
            </label>

            <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
              <legend className="px-1 text-sm font-medium">{t('import.csv.mapping')}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {mapping.map((role, column) => (
                  <div key={column} className="flex min-w-0 flex-col gap-1">
                    <label htmlFor={`${id}-col-${column}`} className="truncate text-sm">
                      {columnLabel(t, column, columnName(header, table, hasHeader, column))}
                    </label>
                    <NativeSelect
                      id={`${id}-col-${column}`}
                      value={role}
                      onChange={(e) => changeRole(column, e.target.value as ColumnRole)}
                    >
                      {COLUMN_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`import.csv.roles.${r}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                ))}
              </div>
              {noFront ? (
                <p role="alert" className="text-sm text-destructive">
                  {t('import.csv.noFront')}
                </p>
              ) : null}
            </fieldset>

            {!noFront ? (
              <section aria-labelledby={`${id}-preview`} className="flex flex-col gap-2">
                <h3 id={`${id}-preview`} className="text-sm font-medium">
                  {t('import.csv.previewHeading', { count: Math.min(PREVIEW_ROWS, rows.length) })}
                </h3>
                <ol className="flex flex-col gap-2">
                  {rows.slice(0, PREVIEW_ROWS).map((row) => (
                    <li key={row.index} className="rounded-md border border-border p-3 text-sm">
                      <p className="text-xs text-zinc-400">
                        {t('import.csv.rowLabel', { line: row.line })} ·{' '}
                        {row.kind === 'cloze' ? t('cards.cloze') : t('cards.basic')}
                      </p>
                      <p className="line-clamp-3 whitespace-pre-wrap">
                        <span className="text-zinc-400">{t('import.csv.roles.front')}: </span>
                        {row.front || '—'}
                      </p>
                      <p className="line-clamp-3 whitespace-pre-wrap">
                        <span className="text-zinc-400">{t('import.csv.roles.back')}: </span>
                        {row.back || '—'}
                      </p>
                      {row.tags.length > 0 ? (
                        <p className="text-xs text-zinc-300">
                          <span className="text-zinc-400">{t('import.csv.roles.tags')}: </span>
                          {row.tags.join(' ')}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}

            {!noFront && noBack.length > 0 ? (
              <p
                role="status"
                className="rounded-md border border-border p-2 text-sm text-zinc-300"
              >
                {t('import.csv.emptyBack', {
                  count: noBack.length,
                  lines: lineList(noBack),
                })}
              </p>
            ) : null}

            {!noFront && withProblems.length > 0 ? (
              <section aria-labelledby={`${id}-problems`} className="flex flex-col gap-2">
                <h3 id={`${id}-problems`} className="text-sm font-medium text-amber-300">
                  {t('import.csv.problemsHeading', { count: withProblems.length })}
                </h3>
                <p className="text-xs text-zinc-400">{t('import.csv.problemsLead')}</p>
                <ol ref={problemsRef} className="flex flex-col gap-3">
                  {withProblems.slice(0, ERRORS_SHOWN).map((row) => (
                    <ProblemRow
                      key={row.index}
                      id={`${id}-row-${row.index}`}
                      row={row}
                      edit={edits.get(row.index)}
                      skipped={skipped.has(row.index)}
                      onEdit={(change) => editRow(row, change)}
                      onSkip={(skip) => toggleSkip(row.index, skip)}
                    />
                  ))}
                </ol>
                {withProblems.length > ERRORS_SHOWN ? (
                  <p className="text-xs text-zinc-400">
                    {t('import.csv.moreProblems', {
                      shown: ERRORS_SHOWN,
                      count: withProblems.length,
                    })}
                  </p>
                ) : null}
              </section>
            ) : null}

            {tooMany ? (
              <p role="alert" className="text-sm text-destructive">
                {t('import.csv.tooMany', { count: included.length, max: IMPORT_ROWS_MAX })}
              </p>
            ) : null}
            {importRows.isError && !server ? (
              <ErrorBox retryLabel={t('retry')} onRetry={submit}>
                {`${t('import.csv.saveError')}: ${errorMessage(t, importRows.error)}`}
              </ErrorBox>
            ) : null}
            <NewCardsNotice />
            {blocked ? (
              <div className="flex flex-col items-start gap-2 rounded-md border border-amber-500/50 bg-amber-500/5 p-3">
                <p id={`${id}-blocked`} role="status" className="text-sm text-amber-100">
                  {t('import.csv.blocked', {
                    count: blocking.length,
                    lines: lineList(blocking.map((r) => r.line)),
                  })}
                </p>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    setSkipped((current) => new Set([...current, ...blocking.map((r) => r.index)]))
                  }
                >
                  {t('import.csv.skipBlocked', {
                    count: blocking.length,
                    lines: lineList(blocking.map((r) => r.line)),
                  })}
                </Button>
              </div>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep('source')}>
                {t('import.csv.back')}
              </Button>
              <Button
                type="button"
                onClick={submit}
                pending={importRows.isPending}
                icon={<Upload aria-hidden />}
                disabled={noFront || included.length === 0 || blocked || tooMany}
                aria-describedby={blocked ? `${id}-blocked` : undefined}
              >
                {importRows.isPending
                  ? t('import.csv.saving')
                  : t('import.csv.submit', { count: included.length - blocking.length })}
              </Button>
            </DialogFooter>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ProblemRow({
  id,
  row,
  edit,
  skipped,
  onEdit,
  onSkip,
}: {
  id: string;
  row: ImportRow;
  edit: RowEdit | undefined;
  skipped: boolean;
  onEdit: (change: Partial<RowEdit>) => void;
  onSkip: (skip: boolean) => void;
}) {
  const { t } = useTranslation('flashcards');
  const values = edit ?? { front: row.front, back: row.back, tags: row.tags.join(' ') };
  const messageOf = (field: 'front' | 'back' | 'tags' | 'row') =>
    row.problems
      .filter((p) => p.field === field)
      .map((p) => problemText(t, p))
      .join(' ');
  const fields = [
    { key: 'front' as const, label: t('import.csv.roles.front'), multiline: true },
    { key: 'back' as const, label: t('import.csv.roles.back'), multiline: true },
    { key: 'tags' as const, label: t('import.csv.roles.tags'), multiline: false },
  ];
  const rowMessage = messageOf('row');
  return (
    <li
      className={`flex flex-col gap-2 rounded-md border p-3 ${
        skipped ? 'border-border opacity-70' : 'border-amber-500/50 bg-amber-500/5'
      }`}
    >
      <p className="text-sm font-medium">{t('import.csv.rowLabel', { line: row.line })}</p>
      {rowMessage ? <p className="text-sm text-destructive">{rowMessage}</p> : null}
      {fields.map(({ key, label, multiline }) => {
        const message = messageOf(key);
        const invalid = !skipped && message !== '';
        const fieldId = `${id}-${key}`;
        const described = message ? `${fieldId}-error` : undefined;
        const common = {
          id: fieldId,
          value: values[key],
          disabled: skipped,
          'aria-invalid': invalid ? true : undefined,
          'aria-describedby': described,
          onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            onEdit({ [key]: e.target.value }),
        };
        return (
          <div key={key} className="flex flex-col gap-1">
            <label htmlFor={fieldId} className="text-xs text-zinc-300">
              {label}
            </label>
            {multiline ? (
              <Textarea rows={2} {...common} />
            ) : (
              <Input autoComplete="off" {...common} />
            )}
            {message ? (
              <p id={`${fieldId}-error`} className="text-sm text-destructive">
                {message}
              </p>
            ) : null}
          </div>
        );
      })}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={skipped}
          onChange={(e) => onSkip(e.target.checked)}
        />
        {t('import.csv.skipRow')}
      </label>
    </li>
  );
}

function splitEdited(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((t) => t !== ''))];
}

function problemText(t: TFunction<'flashcards'>, problem: RowProblem): string {
  switch (problem.code) {
    case 'required':
      return t('import.csv.problems.frontRequired');
    case 'too_long':
      return t('import.csv.problems.tooLong', { max: problem.max, count: problem.count });
    case 'tag_invalid':
      return t('import.csv.problems.tagInvalid', { max: problem.max });
    case 'too_many_tags':
      return t('import.csv.problems.tooManyTags', { max: problem.max });
    case 'server': {
      const { code, maximum } = problem.error;
      if (code === 'too_big' && maximum !== undefined && problem.field === 'tags') {
        return t('import.csv.problems.tooManyTags', { max: maximum });
      }
      if (code === 'too_big' && maximum !== undefined) {
        return t('import.csv.problems.tooLongServer', { max: maximum });
      }
      if (code === 'too_small') return t('import.csv.problems.frontRequired');
      if (code === 'invalid_tag') {
        return t('import.csv.problems.tagInvalid', { max: maximum ?? CARD_TAG_MAX });
      }
      if (code === 'cloze_without_deletion') return t('import.csv.problems.cloze');
      return t('import.csv.problems.refused');
    }
  }
}

function delimiterName(t: TFunction<'flashcards'>, delimiter: string): string {
  switch (delimiter) {
    case ',':
      return t('import.csv.delimiters.comma');
    case '\t':
      return t('import.csv.delimiters.tab');
    case ';':
      return t('import.csv.delimiters.semicolon');
    case '|':
      return t('import.csv.delimiters.pipe');
    default:
      return delimiter;
  }
}

function columnLabel(t: TFunction<'flashcards'>, column: number, name: string): string {
  return name
    ? t('import.csv.column', { n: column + 1, name })
    : t('import.csv.columnPlain', { n: column + 1 });
}

/** "Coluna 2: Verso" — the header's name, or the first value as an example. */
function columnName(
  header: string[] | null,
  table: ParsedTable,
  hasHeader: boolean,
  column: number,
): string {
  const raw = header ? header[column] : table.records[hasHeader ? 1 : 0]?.[column];
  const text = (raw ?? '').replace(/\s+/g, ' ').trim();
  return text.length > 30 ? `${text.slice(0, 29)}…` : text;
}
