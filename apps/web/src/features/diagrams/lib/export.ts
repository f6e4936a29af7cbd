/**
 * Export of the preview: the sanitised SVG as a standalone file (well-formed XML with its
 * namespace, a size and a dark background, since the dark theme draws light text), and a PNG
 * drawn from it on a canvas. The SVG holds no <foreignObject> (text labels, and the sanitiser
 * forbids it), so the canvas is never tainted.
 */

/** The app's background (zinc-900), behind the diagram's light lines and text. */
export const EXPORT_BACKGROUND = '#18181b';
/** The longest side of an exported PNG, in pixels (browsers refuse bigger canvases). */
const PNG_MAX_SIDE = 8192;

/** A file name from a title ("Ciclo da água.svg"): characters file systems refuse become spaces. */
export function diagramFileName(title: string, extension: 'svg' | 'png', fallback: string): string {
  const base = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${base || fallback}.${extension}`;
}

export interface StandaloneSvg {
  xml: string;
  width: number;
  height: number;
}

/** The preview's SVG markup as a standalone SVG document with explicit size and background. */
export function standaloneSvg(svg: string): StandaloneSvg {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${svg}`, 'text/html');
  const root = doc.querySelector('svg');
  if (!root) throw new Error('No SVG to export');
  const box = (root.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  const width = Math.max(
    1,
    Math.ceil(box[2] || Number.parseFloat(root.getAttribute('width') ?? '') || 800),
  );
  const height = Math.max(
    1,
    Math.ceil(box[3] || Number.parseFloat(root.getAttribute('height') ?? '') || 600),
  );
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height));
  root.style.removeProperty('max-width');
  root.style.backgroundColor = EXPORT_BACKGROUND;
  const xml = new XMLSerializer().serializeToString(root);
  return { xml: `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`, width, height };
}

export function svgBlob(svg: string): Blob {
  return new Blob([standaloneSvg(svg).xml], { type: 'image/svg+xml' });
}

/** The SVG drawn on a canvas (twice its size for sharp text, within PNG_MAX_SIDE) as a PNG. */
export async function pngBlob(svg: string, scale = 2): Promise<Blob> {
  const { xml, width, height } = standaloneSvg(svg);
  const factor = Math.min(scale, PNG_MAX_SIDE / Math.max(width, height));
  const image = new Image();
  image.decoding = 'async';
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * factor));
  canvas.height = Math.max(1, Math.round(height * factor));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas');
  context.fillStyle = EXPORT_BACKGROUND;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG failed'))), 'image/png'),
  );
}
