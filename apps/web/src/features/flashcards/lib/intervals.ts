/**
 * How long until a card comes back, as the rating buttons show it ("10 min", "3 dias", "1,5 mês"):
 * the unit Anki would pick for that span, written by `Intl.NumberFormat` in the interface
 * language. Minutes and hours are whole; days are whole below a month; months and years keep one
 * decimal when they need it.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

type Unit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

/** The unit and the amount in that unit for a span of `ms` milliseconds. */
export function intervalParts(ms: number): { unit: Unit; value: number } {
  const span = Math.max(0, Number.isFinite(ms) ? ms : 0);
  if (span < MINUTE) return { unit: 'second', value: Math.round(span / 1000) };
  if (span < HOUR) return { unit: 'minute', value: Math.round(span / MINUTE) };
  if (span < DAY) {
    const hours = Math.round(span / HOUR);
    return hours >= 24 ? { unit: 'day', value: 1 } : { unit: 'hour', value: hours };
  }
  if (span < MONTH) {
    const days = Math.round(span / DAY);
    return days >= 30 ? { unit: 'month', value: 1 } : { unit: 'day', value: days };
  }
  if (span < YEAR) {
    const months = Math.round((span / MONTH) * 10) / 10;
    return months >= 12 ? { unit: 'year', value: 1 } : { unit: 'month', value: months };
  }
  return { unit: 'year', value: Math.round((span / YEAR) * 10) / 10 };
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(language: string, unit: Unit): Intl.NumberFormat {
  const key = `${language}|${unit}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(language, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    });
    formatters.set(key, found);
  }
  return found;
}

/** "10 min", "3 dias" (pt-BR) / "3 days" (en): the next interval of a rating button. */
export function formatInterval(ms: number, language: string): string {
  const { unit, value } = intervalParts(ms);
  return formatter(language, unit).format(value);
}
