import { Fragment, type ReactNode } from 'react';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A translated text with `<tag>…</tag>` parts, each rendered by `tags[tag]` (other tags show their
 * text): react-i18next's <Trans> for the simple case, without the HTML parser it brings along.
 */
export function TaggedText({
  text,
  tags,
}: {
  text: string;
  tags: Record<string, (children: string) => ReactNode>;
}) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, tag = '', inner = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const render = tags[tag];
    parts.push(render ? render(inner) : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
