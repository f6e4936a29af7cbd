import { CARD_COLOR, SERIES_COLORS, patternId, type ChartSeries } from './series';

/** SVG <pattern>s for the striped and dotted series (solid ones need none). */
export function PatternDefs({ base, series }: { base: string; series: ChartSeries[] }) {
  return (
    <defs>
      {series.map((s) => {
        const color = SERIES_COLORS[s.color];
        const id = patternId(base, s.key);
        if (s.pattern === 'stripes') {
          return (
            <pattern
              key={s.key}
              id={id}
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="6" height="6" fill={color} />
              <line x1="0" y1="0" x2="0" y2="6" stroke={CARD_COLOR} strokeWidth="2.5" />
            </pattern>
          );
        }
        if (s.pattern === 'dots') {
          return (
            <pattern key={s.key} id={id} width="5" height="5" patternUnits="userSpaceOnUse">
              <rect width="5" height="5" fill={color} />
              <circle cx="2.5" cy="2.5" r="1.2" fill={CARD_COLOR} />
            </pattern>
          );
        }
        return null;
      })}
    </defs>
  );
}

/** The fill of a bar series: its colour, or its pattern. */
export function fillOf(base: string, s: ChartSeries): string {
  return s.pattern && s.pattern !== 'solid'
    ? `url(#${patternId(base, s.key)})`
    : SERIES_COLORS[s.color];
}

/** The legend: a swatch (with the series' pattern or dash) and the label of each series. */
export function ChartLegend({
  base,
  series,
  kind,
}: {
  base: string;
  series: ChartSeries[];
  kind: 'bar' | 'line';
}) {
  if (series.length < 2) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-300">
      {series.map((s) => (
        <li key={s.key} className="inline-flex items-center gap-1.5">
          <svg width="18" height="12" aria-hidden className="shrink-0">
            <PatternDefs base={`${base}-legend`} series={[s]} />
            {kind === 'bar' ? (
              <rect width="18" height="12" rx="2" fill={fillOf(`${base}-legend`, s)} />
            ) : (
              <line
                x1="0"
                y1="6"
                x2="18"
                y2="6"
                stroke={SERIES_COLORS[s.color]}
                strokeWidth="2.5"
                strokeDasharray={
                  s.pattern === 'stripes' ? '4 2' : s.pattern === 'dots' ? '1.5 2.5' : undefined
                }
              />
            )}
          </svg>
          {s.label}
        </li>
      ))}
    </ul>
  );
}
