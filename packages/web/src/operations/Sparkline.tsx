import type { Point } from './operations-api.ts';

/** A small line of a metric's recent points (no axes), drawn in SVG. */
export function Sparkline({ points, width = 160, height = 32 }: { points: Point[]; width?: number; height?: number }) {
  if (points.length < 2) return <svg width={width} height={height} aria-hidden="true" />;
  const values = points.map(([, v]) => v);
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const path = values
    .map(
      (v, i) =>
        `${((i / (values.length - 1)) * width).toFixed(1)},${(height - 2 - ((v - min) / span) * (height - 4)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg width={width} height={height} aria-hidden="true" data-testid="sparkline">
      <polyline points={path} fill="none" stroke="#1677ff" strokeWidth={1.5} />
    </svg>
  );
}
