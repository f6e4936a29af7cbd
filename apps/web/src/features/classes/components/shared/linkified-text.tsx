import { splitLinks } from '../../lib/linkify';

/**
 * Plain text with its http(s) URLs as links that open in a new tab (`noopener noreferrer
 * nofollow`). Text stays text nodes (no HTML is ever parsed); long URLs wrap instead of widening
 * the screen. `linkClassName` replaces the links' default style.
 */
export function LinkifiedText({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={
              linkClassName ??
              'font-medium text-violet-300 underline underline-offset-2 [overflow-wrap:anywhere] hover:text-violet-200'
            }
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
