import { useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import CodeMirror, { EditorView, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { mermaid } from 'codemirror-lang-mermaid';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';

export interface CodePaneHandle {
  /** Put the cursor at the start of a (1-based) line, scrolled into view, and focus the editor. */
  goToLine: (line: number) => void;
}

/**
 * A dark theme whose every colour reads on the app's zinc-900 at WCAG AA (4.5:1): CodeMirror's
 * one-dark leaves some of the Mermaid grammar's tokens in colours axe flags.
 */
const darkTheme = [
  EditorView.theme(
    {
      '&': { backgroundColor: '#18181b', color: '#e4e4e7' },
      '.cm-content': { caretColor: '#e4e4e7' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: '#e4e4e7' },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
        { backgroundColor: '#3f3f46' },
      '.cm-activeLine': { backgroundColor: '#27272a80' },
      '.cm-gutters': {
        color: '#a1a1aa',
        backgroundColor: '#18181b',
        borderRight: '1px solid #3f3f46',
      },
      '.cm-activeLineGutter': { backgroundColor: '#27272a', color: '#e4e4e7' },
      '.cm-matchingBracket': { backgroundColor: '#3f3f46', outline: '1px solid #71717a' },
    },
    { dark: true },
  ),
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: [tags.keyword, tags.controlKeyword, tags.typeName], color: '#c4b5fd' },
      { tag: [tags.string, tags.content], color: '#86efac' },
      { tag: [tags.variableName, tags.name], color: '#7dd3fc' },
      { tag: [tags.contentSeparator, tags.operator], color: '#fcd34d' },
      { tag: [tags.number], color: '#fdba74' },
      { tag: [tags.modifier], color: '#f9a8d4' },
      { tag: [tags.lineComment, tags.comment], color: '#a1a1aa', fontStyle: 'italic' },
      {
        tag: [tags.paren, tags.squareBracket, tags.brace, tags.angleBracket],
        color: '#e4e4e7',
      },
      { tag: tags.invalid, color: '#fca5a5' },
    ]),
  ),
];

/**
 * The Mermaid code: CodeMirror with Mermaid highlighting on the dark theme, its editable area
 * named by `label` and described by `describedBy` (the syntax error, when there is one).
 */
export function CodePane({
  value,
  onChange,
  readOnly = false,
  label,
  describedBy,
  ref,
}: {
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  label: string;
  describedBy?: string;
  ref?: Ref<CodePaneHandle>;
}) {
  const editor = useRef<ReactCodeMirrorRef>(null);
  const extensions = useMemo(
    () => [
      mermaid(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      }),
    ],
    [label, describedBy],
  );

  useImperativeHandle(ref, () => ({
    goToLine(line: number) {
      const view = editor.current?.view;
      if (!view) return;
      const target = view.state.doc.line(Math.min(Math.max(1, line), view.state.doc.lines));
      view.dispatch({ selection: { anchor: target.from, head: target.to }, scrollIntoView: true });
      view.focus();
    },
  }));

  return (
    <CodeMirror
      ref={editor}
      value={value}
      onChange={onChange}
      theme={darkTheme}
      extensions={extensions}
      editable={!readOnly}
      readOnly={readOnly}
      minHeight="16rem"
      maxHeight="36rem"
      basicSetup={{ foldGutter: false, highlightActiveLine: !readOnly }}
      className="overflow-hidden rounded-md border border-input text-sm focus-within:border-ring"
    />
  );
}
