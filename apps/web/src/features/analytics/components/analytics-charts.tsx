import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { prefersReducedMotion } from '@/lib/motion';

/**
 * The analytics' Recharts charts. Only lazy-charts.ts imports this module (with import()), so Recharts loads with the
 * first chart shown, never with the landing page or the app shell. Colours come from the theme's CSS variables, so the
 * charts follow the light and dark themes.
 */

/** One series of a chart: the field it draws, its name in the legend and tooltip, and its colour (a CSS colour). */
export type ChartSeries = { key: string; name: string; color: string };

/** A day of a daily chart: the day ('2026-11-03') and the series' counts. */
export type DailyDatum = { day: string; [key: string]: string | number };

export type DailyChartProps = {
  kind: 'bar' | 'area';
  data: readonly DailyDatum[];
  series: readonly ChartSeries[];
  /** Bars of the series stacked on each other (answered on declined, say). */
  isStacked?: boolean;
  formatDay: (day: string) => string;
  formatNumber: (value: number) => string;
};

export type CategoryDatum = { label: string; count: number };

export type CategoryChartProps = {
  data: readonly CategoryDatum[];
  name: string;
  color: string;
  formatNumber: (value: number) => string;
};

const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };
const AXIS_LINE = { stroke: 'var(--border)' };
const TOOLTIP_CONTENT_STYLE = {
  backgroundColor: 'var(--popover)',
  color: 'var(--popover-foreground)',
  border: '1px solid var(--border)',
  borderRadius: 'calc(var(--radius) - 2px)',
  fontSize: 12,
};
const TOOLTIP_LABEL_STYLE = { color: 'var(--popover-foreground)', fontWeight: 500 };

function legendText(value: ReactNode): ReactNode {
  return <span className="text-foreground text-sm">{value}</span>;
}

/** Counts per day: bars (stacked when asked) or areas, the days on the x axis, a legend for more than one series. */
export function DailyChart({ kind, data, series, isStacked = false, formatDay, formatNumber }: DailyChartProps) {
  const isAnimationActive = !prefersReducedMotion();
  const axes = [
    <CartesianGrid key="grid" vertical={false} stroke="var(--border)" />,
    <XAxis
      key="x"
      dataKey="day"
      tickFormatter={(day) => formatDay(String(day))}
      tick={AXIS_TICK}
      tickLine={false}
      axisLine={AXIS_LINE}
      minTickGap={16}
    />,
    <YAxis
      key="y"
      allowDecimals={false}
      tickFormatter={(value) => formatNumber(Number(value))}
      tick={AXIS_TICK}
      tickLine={false}
      axisLine={false}
      width={48}
    />,
    <Tooltip
      key="tooltip"
      labelFormatter={(day) => formatDay(String(day))}
      formatter={(value) => (typeof value === 'number' ? formatNumber(value) : String(value))}
      contentStyle={TOOLTIP_CONTENT_STYLE}
      labelStyle={TOOLTIP_LABEL_STYLE}
      cursor={kind === 'bar' ? { fill: 'var(--muted)' } : { stroke: 'var(--border)' }}
    />,
    series.length > 1 ? <Legend key="legend" formatter={legendText} /> : null,
  ];

  return (
    <ResponsiveContainer width="100%" height="100%">
      {kind === 'bar' ? (
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          {axes}
          {series.map((item) => (
            <Bar
              key={item.key}
              dataKey={item.key}
              name={item.name}
              fill={item.color}
              stackId={isStacked ? 'stack' : undefined}
              maxBarSize={32}
              isAnimationActive={isAnimationActive}
            />
          ))}
        </BarChart>
      ) : (
        <AreaChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          {axes}
          {series.map((item) => (
            <Area
              key={item.key}
              type="monotone"
              dataKey={item.key}
              name={item.name}
              stroke={item.color}
              strokeWidth={2}
              fill={item.color}
              fillOpacity={0.2}
              isAnimationActive={isAnimationActive}
            />
          ))}
        </AreaChart>
      )}
    </ResponsiveContainer>
  );
}

/** Counts per category (platform, type, status): one horizontal bar each, the categories down the y axis. */
export function CategoryChart({ data, name, color, formatNumber }: CategoryChartProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={data}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid horizontal={false} stroke="var(--border)" />
        <XAxis
          type="number"
          allowDecimals={false}
          tickFormatter={(value) => formatNumber(Number(value))}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={AXIS_LINE}
        />
        <YAxis
          type="category"
          dataKey="label"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={112}
          interval={0}
        />
        <Tooltip
          formatter={(value) => (typeof value === 'number' ? formatNumber(value) : String(value))}
          contentStyle={TOOLTIP_CONTENT_STYLE}
          labelStyle={TOOLTIP_LABEL_STYLE}
          cursor={{ fill: 'var(--muted)' }}
        />
        <Bar dataKey="count" name={name} fill={color} maxBarSize={28} isAnimationActive={!prefersReducedMotion()} />
      </BarChart>
    </ResponsiveContainer>
  );
}
