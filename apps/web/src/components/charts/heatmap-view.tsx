import { ActivityCalendar } from 'react-activity-calendar';
import { HEATMAP_LEVEL_COLORS, type HeatmapProps } from './heatmap-levels';

/**
 * The react-activity-calendar body of <ActivityHeatmap> (loaded lazily: import ActivityHeatmap
 * from ./index). Decorative for assistive technology: the figure's summary and table carry it.
 */
export function HeatmapView({ data, labels, weekStart = 0 }: HeatmapProps) {
  return (
    <ActivityCalendar
      data={data}
      colorScheme="dark"
      theme={{ dark: [...HEATMAP_LEVEL_COLORS] }}
      labels={labels}
      blockSize={11}
      blockMargin={3}
      fontSize={12}
      weekStart={weekStart}
      showTotalCount={false}
      showColorLegend
      style={{ color: '#d4d4d8' }}
    />
  );
}
