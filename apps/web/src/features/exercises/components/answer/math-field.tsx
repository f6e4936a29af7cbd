import { useEffect, useRef } from 'react';
import { MathfieldElement } from 'mathlive';
// The math fonts: KaTeX's own stylesheet declares them (KaTeX_Main, KaTeX_Math, …) with files
// Vite emits from our build, so mathlive finds them in the document and never fetches its own
// (the CSP allows fonts from 'self' only; mathlive's default is a folder next to its script).
import 'katex/dist/katex.min.css';

// The app is dark-only: mathlive's field and on-screen keyboard (appended to <body>) take their
// dark colours from a `theme="dark"` ancestor; without it a phone shows a light-grey keyboard.
document.documentElement.setAttribute('theme', 'dark');

MathfieldElement.fontsDirectory = null;
MathfieldElement.soundsDirectory = null;
MathfieldElement.plonkSound = null;
MathfieldElement.keypressSound = null;

/** Room kept under the field for the sticky answer bar above the on-screen keyboard. */
const ANSWER_BAR_ROOM_PX = 96;

/**
 * mathlive's <math-field>, in its own chunk (loaded by expression-input.tsx only when an
 * expression item shows). The element is made here, not in JSX: React knows nothing of it.
 */
export function MathField({
  id,
  value,
  onChange,
  onEnter,
  disabled,
  describedBy,
  language,
  autoFocus,
}: {
  id: string;
  value: string;
  onChange: (latex: string) => void;
  onEnter: () => void;
  disabled?: boolean;
  describedBy?: string;
  language: string;
  autoFocus?: boolean;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<MathfieldElement | null>(null);
  const handlers = useRef({ onChange, onEnter });
  useEffect(() => {
    handlers.current = { onChange, onEnter };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    MathfieldElement.locale = language.startsWith('pt') ? 'pt' : 'en';
    const field = new MathfieldElement();
    field.id = id;
    field.className =
      'block w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-lg text-foreground focus-within:border-ring focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring [&::part(menu-toggle)]:hidden';
    field.value = value;
    const onInput = () => handlers.current.onChange(field.value);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      handlers.current.onEnter();
    };
    field.addEventListener('input', onInput);
    field.addEventListener('keydown', onKeyDown);
    host.appendChild(field);
    field.menuItems = [];
    fieldRef.current = field;
    if (autoFocus) field.focus();
    return () => {
      field.removeEventListener('input', onInput);
      field.removeEventListener('keydown', onKeyDown);
      field.remove();
      fieldRef.current = null;
    };
    // Made once; value, disabled and the description follow below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  useEffect(() => {
    const field = fieldRef.current;
    if (field && field.value !== value) field.value = value;
  }, [value]);

  useEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    field.readOnly = Boolean(disabled);
    if (describedBy) field.setAttribute('aria-describedby', describedBy);
    else field.removeAttribute('aria-describedby');
  }, [disabled, describedBy]);

  // mathlive's on-screen keyboard (phones) covers the bottom of the page (mathlive pads <body> by
  // its height): while it is up, its height is `--math-keyboard` on the root — the sticky answer
  // bars ("Responder") sit on it instead of under it, where a tap hit a key — and the field is
  // brought into sight above the keyboard and the bar.
  useEffect(() => {
    const keyboard = window.mathVirtualKeyboard;
    if (!keyboard) return;
    const root = document.documentElement;
    const onGeometry = () => {
      const height = keyboard.visible ? Math.round(keyboard.boundingRect.height) : 0;
      if (height > 0) root.style.setProperty('--math-keyboard', `${height}px`);
      else root.style.removeProperty('--math-keyboard');
      const field = fieldRef.current;
      if (height > 0 && field && field.hasFocus()) {
        field.style.scrollMarginBottom = `${height + ANSWER_BAR_ROOM_PX}px`;
        field.scrollIntoView({ block: 'nearest' });
      }
    };
    keyboard.addEventListener('geometrychange', onGeometry);
    keyboard.addEventListener('virtual-keyboard-toggle', onGeometry);
    return () => {
      keyboard.removeEventListener('geometrychange', onGeometry);
      keyboard.removeEventListener('virtual-keyboard-toggle', onGeometry);
      root.style.removeProperty('--math-keyboard');
    };
  }, []);

  return <div ref={hostRef} className="min-w-0" data-testid="math-field" />;
}
